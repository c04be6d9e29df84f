import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { parseRouteId } from '../../lib/route-id';

interface ChildEditRouteProps {
  /** The route's parameters: the parent's id, and the child's ('add' in any case for a new one). */
  parentParam: string;
  childParam: string;
  /** The parents' list: where a parent id that cannot be read (or 'add': a child needs a saved parent) goes. */
  listPath: string;
  /** The editor of the child, keyed by both ids so that another child starts afresh. */
  children: (parentId: number, childId: number) => ReactNode;
}

/**
 * The edit route of an item that belongs to another (a tour's ticket, a group's time slot): a parent id that cannot
 * be read goes to the list, a child id that cannot be read to the parent's page (spec 02 §8).
 */
export function ChildEditRoute({ parentParam, childParam, listPath, children }: ChildEditRouteProps) {
  const params = useParams();
  const parentId = parseRouteId(params[parentParam]);
  const childId = parseRouteId(params[childParam]);
  if (!parentId) return <Navigate to={listPath} replace />;
  if (childId === null) return <Navigate to={`${listPath}/${parentId}`} replace />;
  return children(parentId, childId);
}
