import './ticket-stock.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { notify } from '../../../app/notifications/notifications';
import { Button } from '../../../ui/common/button';
import { formatDate } from '../../../ui/format/date';
import { dubaiDateTime } from '../../../ui/format/day-format';
import { listTicketStock, loadCodes, previewCodes, TICKET_STOCK_KEY, type LoadPreview } from './ticket-stock.api';
import { ColumnHeads } from '../../../ui/common/column-heads';
import { AdminTabCard } from '../admin-tab-card';

const asBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The Ticket stock tab of /admin: each ticket type's figures for the supplier (available, reserved, expired,
 * freezed, expiring within 5 days, reorder level) with a warning where the stock is below the reorder level,
 * and loading codes: typed ("code date" a line) or from an .xlsx (codes in column A, expiry dates in B),
 * previewed first (what will be added, what is refused and why), then loaded.
 */
export function TicketStockTab() {
  const { t } = useTranslation('ticket-stock');
  const client = useQueryClient();
  const ids = { type: useId(), text: useId(), file: useId() };
  const stock = useQuery({ queryKey: TICKET_STOCK_KEY, queryFn: ({ signal }) => listTicketStock(signal) });
  const rows = stock.data ?? [];
  const [typeId, setTypeId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<LoadPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = typeId ?? rows[0]?.id ?? null;
  const low = rows.filter((r) => r.lowStock);

  const reset = () => setPreview(null);
  const check = async () => {
    if (chosen === null) return;
    setBusy(true);
    try {
      setPreview(await previewCodes(chosen, file ? { xlsx: await asBase64(file) } : { text }));
    } catch {
      // The shared call has shown why.
    } finally {
      setBusy(false);
    }
  };
  const load = async () => {
    if (chosen === null || !preview?.accepted.length) return;
    setBusy(true);
    try {
      const done = await loadCodes(chosen, preview.accepted);
      notify({ title: t('notice'), message: t('loaded', { count: done.loaded }), kind: 'success' });
      setPreview(null);
      setText('');
      setFile(null);
      // The input keeps its own choice: emptied, it no longer names the loaded file, and choosing the same file
      // again (the next day's codes under the same name) fires a change again.
      if (fileInput.current) fileInput.current.value = '';
      await client.fetchQuery({ queryKey: TICKET_STOCK_KEY, queryFn: ({ signal }) => listTicketStock(signal, done.position) });
    } catch {
      // The shared call has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminTabCard tab="ticketstock" name="ticket-stock">
      {low.length > 0 && (
        <div role="alert" className="ticket-stock__warning" data-testid="ticket-stock-low">
          <FormMessage kind="error">{t('lowStock', { names: low.map((r) => r.name).join(', ') })}</FormMessage>
        </div>
      )}
      {stock.isError ? (
        <FormMessage kind="error">{t('loadFailed')}</FormMessage>
      ) : (
        <div className="ticket-stock__scroll">
          <table className="ticket-stock__table" data-testid="ticket-stock-table">
            <ColumnHeads labels={(['name', 'available', 'reserved', 'expired', 'freezed', 'expiresIn5Days', 'reorderLevel'] as const).map((c) => t(`columns.${c}`))} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={r.lowStock ? 'ticket-stock__row--low' : undefined} data-testid="ticket-stock-row">
                  <th scope="row">
                    {r.name} {r.shortName && <span className="ticket-stock__short">({r.shortName})</span>}
                  </th>
                  <td>
                    {r.available}
                    {r.lowStock && <span className="ticket-stock__flag"> ⚠ {t('low')}</span>}
                  </td>
                  <td title={r.oldestReservedAt ? t('reservedSince', { at: dubaiDateTime(r.oldestReservedAt) }) : undefined}>
                    {r.reserved}
                    <div className="ticket-stock__hint">{t('reservationTime', { minutes: r.reservationTime })}</div>
                  </td>
                  <td>{r.expired}</td>
                  <td>{r.freezed}</td>
                  <td>{r.expiresIn5Days}</td>
                  <td>{r.reorderLevel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="ticket-stock__subtitle">{t('loadTitle')}</h3>
      <div className="ticket-stock__form">
        <label htmlFor={ids.type}>{t('ticketType')}</label>
        <select id={ids.type} className="tbo-select" value={chosen ?? ''} onChange={(e) => { setTypeId(Number(e.target.value)); reset(); }} data-testid="ticket-stock-type">
          {rows.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.text}>{t('typed')}</label>
        <textarea id={ids.text} rows={6} value={text} placeholder={t('typedPlaceholder')} disabled={!!file} onChange={(e) => { setText(e.target.value); reset(); }} data-testid="ticket-stock-text" />
        <label htmlFor={ids.file}>{t('xlsx')}</label>
        <input ref={fileInput} id={ids.file} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e: ChangeEvent<HTMLInputElement>) => { setFile(e.target.files?.[0] ?? null); reset(); }} data-testid="ticket-stock-file" />
        <div className="ticket-stock__actions">
          <Button label={t('preview')} onClick={() => void check()} disabled={busy || chosen === null || (!file && !text.trim())} data-testid="ticket-stock-preview" />
          <Button variant="primary" label={t('load', { count: preview?.accepted.length ?? 0 })} onClick={() => void load()} disabled={busy || !preview?.accepted.length} busy={busy} data-testid="ticket-stock-load" />
        </div>
      </div>
      {preview && (
        <div className="ticket-stock__preview" data-testid="ticket-stock-result">
          <p>{t('willAdd', { count: preview.accepted.length })}</p>
          {preview.accepted.length > 0 && (
            <ul className="ticket-stock__list">
              {preview.accepted.slice(0, 50).map((c) => (
                <li key={c.code}>
                  {c.code} · {t('expires', { date: formatDate(c.expiresOn) })}
                </li>
              ))}
              {preview.accepted.length > 50 && <li>{t('more', { count: preview.accepted.length - 50 })}</li>}
            </ul>
          )}
          {preview.refused.length > 0 && (
            <>
              <p>{t('willRefuse', { count: preview.refused.length })}</p>
              <ul className="ticket-stock__list ticket-stock__list--refused" data-testid="ticket-stock-refused">
                {preview.refused.slice(0, 100).map((c) => (
                  <li key={`${c.line}-${c.code}`}>
                    {t('line', { line: c.line })}: {c.code || '—'} — {t(`reasons.${c.reasonCode}`, { defaultValue: c.reason })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </AdminTabCard>
  );
}
