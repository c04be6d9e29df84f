import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHOOSABLE_GROUP_STATUSES, COMMUNICATION_FLAG_VALUES, splitPhones } from '@tbo/arrivals/src/pure/arrival-status.pure';
import { refusalText } from '../../app/forms/save-error';
import { notify } from '../../app/notifications/notifications';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { Modal } from '../../ui/common/modal';
import { IsoDateInput, TimeInput } from '../../ui/fields';
import { fetchGroup, fetchHotelReference, fetchHotelsWithArrivals, fetchSales, HOTEL_REFERENCE_KEY, logCommunication, saveGroupInfo, type ArrivalGroup } from './api/arrivals.api';
import { groupInfoProblem, hotelNameOf, logEntryTime, meetingText } from './arrivals-panel.logic';

interface MeetingDraft {
  date: string;
  staffId: number | null;
  start: string;
  end: string;
  isNoTime: boolean;
}
const toTime = (m: number | null) => (m === null ? '' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const toMinutes = (s: string) => (/^\d{2}:\d{2}$/.test(s) ? Number(s.slice(0, 2)) * 60 + Number(s.slice(3)) : null);

/** A group's panel (spec 02 §3 Group info, §4): its info form, meetings, and the communication log. */
export function GroupPanel({ groupId, onClose, onChanged }: { groupId: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('arrivals');
  const id = useId();
  const qc = useQueryClient();
  const group = useQuery({ queryKey: ['arrivals', 'group', groupId], queryFn: () => fetchGroup(groupId) });
  const hotels = useQuery({ queryKey: ['arrivals', 'hotels'], queryFn: fetchHotelsWithArrivals, staleTime: 30_000 });
  // Names for the group's rooms at hotels no arrival stays at any more (not among the choices above).
  const hotelReference = useQuery({ queryKey: HOTEL_REFERENCE_KEY, queryFn: fetchHotelReference, staleTime: 5 * 60_000 });
  const sales = useQuery({ queryKey: ['arrivals', 'sales'], queryFn: fetchSales, staleTime: 60_000 });
  const [status, setStatus] = useState(0);
  const [notes, setNotes] = useState('');
  const [phones, setPhones] = useState('');
  const [rooms, setRooms] = useState<{ hotelId: number; roomNumber: string }[]>([]);
  const [meetings, setMeetings] = useState<MeetingDraft[]>([]);
  const [saving, setSaving] = useState(false);
  const [flag, setFlag] = useState(1);
  const [note, setNote] = useState('');
  const [logging, setLogging] = useState(false);
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState(false);
  // What the form was filled with: typed changes (and a log note not yet added) make a close ask first.
  const [loaded, setLoaded] = useState('');
  const [closing, setClosing] = useState(false);
  const draft = JSON.stringify({ status, notes, phones, rooms, meetings, note: note.trim() });
  const close = () => (dirty.current ? setClosing(true) : onClose());

  const load = (g: ArrivalGroup) => {
    const filled = { status: g.status ?? 0, notes: g.notes, phones: g.phoneNumbers.join(', '), rooms: g.hotels, meetings: g.meetings.map((m) => ({ date: m.date, staffId: m.staffId, start: toTime(m.timeStart), end: toTime(m.timeEnd), isNoTime: m.isNoTime })) };
    setStatus(filled.status);
    setNotes(filled.notes);
    setPhones(filled.phones);
    setRooms(filled.rooms);
    setMeetings(filled.meetings);
    setLoaded(JSON.stringify({ ...filled, note: '' }));
  };
  // A fresh read (after a logged call, say) refills the form only when nothing typed would be lost.
  const dirty = useRef(false);
  dirty.current = loaded !== '' && draft !== loaded;
  useEffect(() => {
    if (group.data && !dirty.current) load(group.data);
  }, [group.data]);

  const reload = async () => {
    await qc.invalidateQueries({ queryKey: ['arrivals', 'group', groupId] });
    onChanged();
  };

  const save = async () => {
    if (!group.data) return;
    setError('');
    setConflict(false);
    const phoneNumbers = splitPhones(phones);
    const problem = groupInfoProblem({ phones: phoneNumbers, rooms, meetings }, t);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      await saveGroupInfo({
        groupId,
        status,
        notes: notes.trim(),
        phoneNumbers,
        hotels: rooms.map((r) => ({ hotelId: r.hotelId, roomNumber: r.roomNumber.trim() })),
        meetings: meetings.map((m) => ({ date: m.date, staffId: m.staffId, isNoTime: m.isNoTime, timeStart: m.isNoTime ? null : toMinutes(m.start), timeEnd: m.isNoTime ? null : toMinutes(m.end) })),
        version: group.data.version,
      });
      notify({ title: t('edit.savedTitle'), message: t('edit.saved', { groupId }), kind: 'success' });
      // Saved: what the form holds is the group now (the read that follows refills it as the server keeps it).
      dirty.current = false;
      setLoaded(draft);
      await reload();
    } catch (err) {
      // The form keeps what was typed; Reload puts the group as saved now in its place.
      if (err instanceof ApiError && err.code === 409) setConflict(true);
      else setError(refusalText(err));
    } finally {
      setSaving(false);
    }
  };

  const log = async () => {
    setLogging(true);
    setError('');
    try {
      await logCommunication(groupId, flag, note);
      setNote('');
      await reload();
    } catch (err) {
      setError(refusalText(err));
    } finally {
      setLogging(false);
    }
  };

  const setMeeting = (i: number, patch: Partial<MeetingDraft>) => setMeetings((ms) => ms.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const hotelName = (hid: number) => hotelNameOf(hid, [hotels.data, hotelReference.data], t('noHotel'));

  return (
    <Modal labelledBy={`${id}-title`} onClose={close} className="tbo-dialog card arrivals-dialog arrivals-group" backdropClassName="tbo-dialog-backdrop" testId="arrivals-group-panel">
      {/* Closable from its top too, as the bookings panel. */}
      <header className="arrivals-group__head">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {t('group.title', { groupId })}
        </h2>
        <Button iconOnly icon="x" variant="ghost" label={t('close')} onClick={close} data-testid="group-panel-close" />
      </header>
      {error && (
        <p className="arrivals-error" role="alert" data-testid="arrivals-group-error">
          {error}
        </p>
      )}
      {conflict && (
        <div className="arrivals-error" role="alert" data-testid="arrivals-group-conflict">
          <p>{t('group.conflict')}</p>
          <Button
            size="sm"
            label={t('group.reload')}
            onClick={() => {
              setConflict(false);
              void group.refetch().then((r) => r.data && load(r.data));
            }}
            data-testid="group-reload"
          />
        </div>
      )}
      {/* Only the form and the log scroll: the title (with its ✕) and Close stay in view, at the dialog's top and bottom. */}
      <div className="arrivals-group__scroll" data-testid="group-panel-scroll">
        {group.isLoading && <p>{t('loading')}</p>}
        {group.data && (
          <div className="arrivals-group__body">
            <section className="arrivals-group__info" aria-label={t('group.info')}>
              <h3>{t('group.info')}</h3>
              {/* The choices in spec 02 §4's words (statusChoice: 'Pending', 'Non tourist'); a status set elsewhere shows as the row does. */}
              <label className="arrivals-field">
                <span>{t('group.status')}</span>
                <select className="tbo-select" value={status} onChange={(e) => setStatus(Number(e.target.value))} data-testid="group-status">
                  {(CHOOSABLE_GROUP_STATUSES as readonly number[]).includes(status) ? null : <option value={status}>{t([`statusChoice.s${status}`, `status.s${status}`])}</option>}
                  {CHOOSABLE_GROUP_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`statusChoice.s${s}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="arrivals-field">
                <span>{t('group.phones')}</span>
                <input className="tbo-input" value={phones} onChange={(e) => setPhones(e.target.value)} placeholder={t('group.phonesHint')} data-testid="group-phones" />
              </label>
              <label className="arrivals-field">
                <span>{t('group.notes')}</span>
                <textarea className="tbo-input arrivals-textarea" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} data-testid="group-notes" />
              </label>
              <fieldset className="arrivals-fieldset">
                <legend>{t('group.rooms')}</legend>
                {rooms.map((r, i) => (
                  <div className="arrivals-inline" key={i}>
                    <select className="tbo-select" aria-label={t('group.hotel')} value={r.hotelId} onChange={(e) => setRooms((rs) => rs.map((x, j) => (j === i ? { ...x, hotelId: Number(e.target.value) } : x)))}>
                      {!(hotels.data ?? []).some((h) => h.id === r.hotelId) && <option value={r.hotelId}>{hotelName(r.hotelId)}</option>}
                      {(hotels.data ?? []).map((h) => (
                        <option key={h.id} value={h.id}>
                          {h.id === 0 ? t('noHotel') : h.name}
                        </option>
                      ))}
                    </select>
                    <input className="tbo-input arrivals-room" aria-label={t('group.room')} value={r.roomNumber} maxLength={50} onChange={(e) => setRooms((rs) => rs.map((x, j) => (j === i ? { ...x, roomNumber: e.target.value } : x)))} />
                    <Button size="sm" variant="ghost" icon="x" iconOnly label={t('group.remove')} onClick={() => setRooms((rs) => rs.filter((_, j) => j !== i))} />
                  </div>
                ))}
                <Button size="sm" variant="ghost" icon="plus" label={t('group.addRoom')} onClick={() => setRooms((rs) => [...rs, { hotelId: hotels.data?.[0]?.id ?? 0, roomNumber: '' }])} />
              </fieldset>
              <fieldset className="arrivals-fieldset">
                <legend>{t('group.meetings')}</legend>
                {meetings.map((m, i) => (
                  <div className="arrivals-inline arrivals-meeting" key={i} data-testid="group-meeting">
                    <IsoDateInput aria-label={t('group.meetingDate')} iso={m.date} onIso={(date) => setMeeting(i, { date })} />
                    <select className="tbo-select" aria-label={t('group.salesStaff')} value={m.staffId ?? ''} onChange={(e) => setMeeting(i, { staffId: e.target.value ? Number(e.target.value) : null })}>
                      <option value="">—</option>
                      {(sales.data ?? []).map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                    {/* HH:MM as everywhere in the app (a native time box says 10:00 AM in an English browser, and was cut off). */}
                    <span className="arrivals-time">
                      <TimeInput aria-label={t('group.from')} value={m.start} disabled={m.isNoTime} onChange={(start) => setMeeting(i, { start })} />
                    </span>
                    <span className="arrivals-time">
                      <TimeInput aria-label={t('group.to')} value={m.end} disabled={m.isNoTime} onChange={(end) => setMeeting(i, { end })} />
                    </span>
                    <label className="arrivals-check">
                      <input type="checkbox" checked={m.isNoTime} onChange={(e) => setMeeting(i, { isNoTime: e.target.checked })} /> {t('group.noTime')}
                    </label>
                    <Button size="sm" variant="ghost" icon="x" iconOnly className="arrivals-meeting__remove" label={t('group.remove')} onClick={() => setMeetings((ms) => ms.filter((_, j) => j !== i))} />
                  </div>
                ))}
                <Button size="sm" variant="ghost" icon="plus" label={t('group.addMeeting')} onClick={() => setMeetings((ms) => [...ms, { date: '', staffId: sales.data?.[0]?.id ?? null, start: '', end: '', isNoTime: true }])} />
              </fieldset>
              <div className="tbo-dialog__actions">
                <Button variant="primary" label={t('group.save')} busy={saving} onClick={() => void save()} data-testid="group-save" />
              </div>
            </section>
            <section className="arrivals-group__log" aria-label={t('log.title')}>
              <h3>{t('log.title')}</h3>
              <div className="arrivals-inline">
                <select className="tbo-select" aria-label={t('log.kind')} value={flag} onChange={(e) => setFlag(Number(e.target.value))} data-testid="log-flag">
                  {COMMUNICATION_FLAG_VALUES.map((f) => (
                    <option key={f} value={f}>
                      {t(`flags.f${f}`)}
                    </option>
                  ))}
                </select>
                <input className="tbo-input" aria-label={t('log.note')} placeholder={t('log.note')} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} data-testid="log-note" />
                <Button variant="primary" size="sm" label={t('log.add')} busy={logging} onClick={() => void log()} data-testid="log-add" />
              </div>
              {group.data.log.length === 0 ? (
                <p className="arrivals-muted">{t('log.empty')}</p>
              ) : (
                <ul className="arrivals-log" data-testid="group-log">
                  {group.data.log.map((e, i) => (
                    <li key={i} data-testid="group-log-entry">
                      <strong>{t(`flags.f${e.flag}`, { defaultValue: String(e.flag) })}</strong> · {e.byName || '—'} · {logEntryTime(e.at)}
                      {e.note && <div className="arrivals-muted">{e.note}</div>}
                    </li>
                  ))}
                </ul>
              )}
              {group.data.meetings.length > 0 && (
                <>
                  <h3>{t('group.meetings')}</h3>
                  <ul className="arrivals-log">
                    {group.data.meetings.map((m, i) => (
                      <li key={i}>
                        {meetingText(m, t)} · {m.staffName || '—'}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          </div>
        )}
      </div>
      <div className="tbo-dialog__actions arrivals-group__foot">
        {closing ? (
          <div className="arrivals-group__discard" role="alert" data-testid="group-discard">
            <span>{t('group.unsaved')}</span>
            <Button label={t('group.keepEditing')} autoFocus onClick={() => setClosing(false)} data-testid="group-keep-editing" />
            <Button variant="danger" label={t('group.discard')} onClick={onClose} data-testid="group-discard-close" />
          </div>
        ) : (
          <Button label={t('close')} onClick={close} data-testid="group-close" />
        )}
      </div>
    </Modal>
  );
}
