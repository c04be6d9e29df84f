import type { DataTableColumn } from '../../ui/data-table';

/**
 * The channel column of a bookings list: where a booking was sold, in the back office (agents, staff) or by a
 * reseller through the OCTO API, the latter as a badge so it stands out in a list of mostly back-office sales.
 */
export function channelColumn<T extends { channel: string }>(header: string, words: (channel: string) => string, testIdPrefix: string): DataTableColumn<T> {
  return {
    field: 'channel' as keyof T & string,
    header,
    width: 110,
    sortable: false,
    filter: { type: 'none' },
    exportValue: (r) => words(r.channel),
    render: (r) => (
      <span className={r.channel === 'octo' ? 'badge badge--accent' : undefined} data-testid={`${testIdPrefix}-channel`} data-channel={r.channel}>
        {words(r.channel)}
      </span>
    ),
  };
}
