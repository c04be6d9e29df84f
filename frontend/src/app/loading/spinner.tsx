import './spinner.css';
import { useIsLoading } from './loading';

/**
 * The page-wide spinner: shown while the loading counter is above 0 (it fades in, so quick calls do not flash). It is
 * only seen, not read out: the places that load say so themselves (a table's loading status and its pager's range,
 * an edit page's 'Loading…', a busy button's label), and a second 'Loading' on every call repeated them. While a
 * data table loads, its own indicator is the one shown (spinner.css).
 */
export function Spinner() {
  const loading = useIsLoading();
  if (!loading) return null;
  return (
    <div className="spinner-overlay" aria-hidden="true" data-testid="spinner">
      <div className="spinner" />
    </div>
  );
}
