import { useMemo } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { MultiSelectField, RichTextField, SelectField, TextField, ToggleField } from '../../../ui/fields';
import { useTourCategoryOptions, useTourLanguageOptions, type Option } from '../../../app/reference/reference-options';
import { DefaultedTextBlock } from './default-toggle';
import { publicTourUrl } from './public-site';
import type { AccountDefaults } from './account-defaults';
import { RECOMMENDED_FOR, type TourForm } from './tour-form';
import { newExternalLink } from './tour-lists';

/** Keeps the chosen id in the list even when the list does not (yet) hold it. */
export function withCurrent(options: Option[] | undefined, current: number[] | number | null | undefined, loadingLabel: string): Option[] {
  const list = [...(options ?? [])];
  const ids = Array.isArray(current) ? current : current ? [current] : [];
  for (const id of ids) if (!list.some((o) => o.value === id)) list.push({ value: id, label: options ? `#${id}` : loadingLabel });
  return list;
}

export function BasicTab({ defaults, problems }: { defaults: AccountDefaults; problems: string[] }) {
  const { t } = useTranslation('tour-edit');
  const { control, formState } = useFormContext<TourForm>();
  const languages = useTourLanguageOptions();
  const categories = useTourCategoryOptions();
  const [languageId, toursCategories, url] = useWatch({ control, name: ['languageId', 'toursCategories', 'url'] });
  const languageOptions = useMemo(() => withCurrent(languages.data, languageId, t('loadingOptions')), [languages.data, languageId, t]);
  const categoryOptions = useMemo(() => withCurrent(categories.data, toursCategories, t('loadingOptions')), [categories.data, toursCategories, t]);
  const recommended = useMemo(() => RECOMMENDED_FOR.map((v) => ({ value: v as number, label: t(`recommendedFor.${v}`) })), [t]);
  const links = useFieldArray({ control, name: 'externalLinks', keyName: 'key' });
  const linksError = formState.errors.externalLinks;
  const linksInvalid = !!linksError && Array.isArray(linksError) && linksError.some(Boolean);
  // The section's message describes it (each link's inputs say their own), not an alert of its own: the tab's
  // problems list is the one alert of a failed save.
  const linksErrorId = 'tour-links-error';

  return (
    <div className="tour-sections">
      {problems.length > 0 && (
        <div className="tour-problems" role="alert" data-testid="tour-basic-problems">
          <strong>{t('problems.title', { count: problems.length })}</strong>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="form-grid">
        <TextField control={control} name="nameInternal" label={t('fields.nameInternal')} required maxLength={200} autoComplete="off" />
        <TextField control={control} name="nameDisplay" label={t('fields.nameDisplay')} required maxLength={200} autoComplete="off" />
        <TextField
          control={control}
          name="url"
          label={t('fields.url')}
          required
          maxLength={300}
          autoComplete="off"
          className="form-grid__wide"
          hint={
            <span className="tour-public-url" data-testid="tour-public-url">
              {t('publicAddress')}: <span className="tour-public-url__value">{publicTourUrl(url ?? '')}</span>
            </span>
          }
        />
        <SelectField control={control} name="languageId" label={t('fields.languageId')} required options={languageOptions} placeholder={languages.isPending ? t('loadingOptions') : t('choose')} />
        <ToggleField control={control} name="isTopTour" label={t('fields.isTopTour')} text={t('topTourText')} />
        <MultiSelectField control={control} name="toursCategories" label={t('fields.toursCategories')} required options={categoryOptions} placeholder={categories.isPending ? t('loadingOptions') : t('choose')} />
        <MultiSelectField control={control} name="recommendedFor" label={t('fields.recommendedFor')} required options={recommended} placeholder={t('choose')} />
      </div>
      <RichTextField control={control} name="shortDescription" label={t('fields.shortDescription')} height={120} />
      <RichTextField control={control} name="salesDescription" label={t('fields.salesDescription')} />
      <RichTextField control={control} name="notesToAgents" label={t('fields.notesToAgents')} height={150} />
      <DefaultedTextBlock kind="notes" defaults={defaults} label={t('fields.notesToClientsPostBooking')} testId="notes-defaults" height={150} />
      <TextField control={control} name="videoUrl" label={t('fields.videoUrl')} type="url" maxLength={2000} hint={t('videoHint')} placeholder="https://www.youtube.com/watch?v=…" />
      <section className="tour-subsection" aria-labelledby="tour-links-title" aria-describedby={linksInvalid ? linksErrorId : undefined} data-testid="external-links">
        <div className="tour-subsection__head">
          <h3 className="tour-subsection__title" id="tour-links-title">
            {t('fields.externalLinks')}
          </h3>
          <Button size="sm" icon="plus" label={t('links.add')} onClick={() => links.append(newExternalLink())} data-testid="link-add" />
        </div>
        {links.fields.length === 0 && <p className="tour-muted">{t('links.none')}</p>}
        {links.fields.map((f, i) => (
          <div key={f.key} className="tour-row" data-testid="link-row">
            <TextField control={control} name={`externalLinks.${i}.title`} label={t('links.title')} required maxLength={500} autoComplete="off" />
            <TextField control={control} name={`externalLinks.${i}.url`} label={t('links.url')} required type="url" maxLength={2000} autoComplete="off" />
            <Button variant="ghost" iconOnly icon="x" label={t('links.remove')} onClick={() => links.remove(i)} className="tour-row__remove" data-testid="link-remove" />
          </div>
        ))}
        {linksInvalid && (
          <div className="tbo-field__error" id={linksErrorId} data-testid="links-error">
            {t('errors.links')}
          </div>
        )}
      </section>
    </div>
  );
}
