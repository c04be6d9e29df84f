import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import { Field } from '../../../ui/fields';
import type { IssuedKey } from './api/reseller-keys.api';

/** Copies through the clipboard API where the page may (HTTPS, localhost), else by selecting the text. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * The new key, shown this once: the server keeps only its hash, so closing this dialog loses it for good. Copy puts it
 * on the clipboard; the field is selected so it can be copied by hand as well.
 */
export function IssuedKeyDialog({ issued, agencyName, onClose }: { issued: IssuedKey; agencyName: string; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-warning`} onClose={onClose} className="tbo-dialog card contract-dialog" backdropClassName="tbo-dialog-backdrop" testId="key-issued-dialog" initialFocus="[data-testid=key-copy]">
      <div className="contract-dialog__form">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {t('keys.issuedDialog.title', { name: issued.name })}
        </h2>
        <p>{t('keys.issuedDialog.for', { name: agencyName })}</p>
        <div id={`${id}-warning`}>
          <FormMessage kind="warning" testId="key-issued-warning">
            {t('keys.issuedDialog.warning')}
          </FormMessage>
        </div>
        <Field label={t('keys.issuedDialog.keyLabel')} htmlFor={`${id}-key`}>
          <div className="issued-key">
            <input ref={input} id={`${id}-key`} className="tbo-input issued-key__value" readOnly value={issued.key} onFocus={(e) => e.currentTarget.select()} spellCheck={false} data-testid="key-issued-value" />
            <Button icon="copy" label={t('keys.issuedDialog.copy')} onClick={() => void copyText(issued.key, input.current).then(setCopied)} data-testid="key-copy" />
          </div>
        </Field>
        <p className="issued-key__status" role="status" data-testid="key-copy-status">
          {copied === true ? t('keys.issuedDialog.copied') : copied === false ? t('keys.issuedDialog.copyFailed') : ''}
        </p>
        <div className="tbo-dialog__actions">
          <Button variant="primary" label={t('keys.issuedDialog.done')} onClick={onClose} data-testid="key-issued-done" />
        </div>
      </div>
    </Modal>
  );
}
