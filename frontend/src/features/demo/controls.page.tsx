import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notify } from '../../app/notifications/notifications';
import { getToken } from '../../lib/auth-token';
import { Button } from '../../ui/common/button';
import {
  AutocompleteField,
  DateField,
  MultiSelectField,
  NumberField,
  RichTextField,
  SelectField,
  TextField,
  TimeField,
  ToggleField,
  isRichTextEmpty,
  type AutocompleteOption,
} from '../../ui/fields';
import { isValidDisplayDate, toIsoDate } from '../../ui/format/date';
import { isCompleteTime, timeToMinutes } from '@tbo/kernel/src/pure/time-of-day.pure';
import { PeopleCounter, formatAed, peopleTotal } from '../../ui/people-counter';
import type { Itinerary } from '../../app/catalog/tour.types';
import { ItineraryList } from '../../ui/itinerary/itinerary-list';
import { LocationPicker } from '../../ui/location/location-picker';
import { SeoIndicator } from '../../ui/seo-indicator';
import { SAMPLE_CATEGORY_IDS, SAMPLE_LANGUAGES } from './sample-data';
import { samplePlacesFetch } from './sample-places';
import './demo.css';
import { TitledSection } from '../../ui/common/titled-section';
import { PageHeaderBar } from '../../ui/common/page-header';

const ADULT_PRICE = 185.5;
const CHILD_PRICE = 92.75;

function buildSchema(t: (key: string) => string) {
  return z.object({
    name: z.string().trim().min(1, t('demo.controls.errors.name')),
    price: z
      .number()
      .min(0)
      .max(9999)
      .nullable()
      .refine((v) => v !== null, t('demo.controls.errors.price')),
    startTime: z.string().refine(isCompleteTime, t('demo.controls.errors.time')),
    language: z
      .string()
      .nullable()
      .refine((v) => !!v, t('demo.controls.errors.language')),
    categories: z.array(z.number()).min(1, t('demo.controls.errors.categories')),
    topTour: z.boolean(),
    tourDate: z.string().refine(isValidDisplayDate, t('demo.controls.errors.date')),
    city: z
      .object({ value: z.union([z.string(), z.number()]), label: z.string() })
      .nullable()
      .refine((v) => v !== null, t('demo.controls.errors.city')),
    description: z.string().refine((v) => !isRichTextEmpty(v), t('demo.controls.errors.description')),
    seoTitle: z.string().max(200),
    seoDescription: z.string().max(500),
    slug: z.string().max(200),
    adults: z.number().int().min(1),
    children: z.number().int().min(0),
  });
}

type FormInput = z.input<ReturnType<typeof buildSchema>>;

const defaults: FormInput = {
  name: '',
  price: null,
  startTime: '',
  language: null,
  categories: [],
  topTour: false,
  tourDate: '',
  city: null,
  description: '',
  seoTitle: 'Desert Safari with BBQ Dinner and Camel Ride | Dubai',
  seoDescription: '',
  slug: 'desert-safari-bbq-dinner',
  adults: 2,
  children: 0,
};

/** /controls: every form field in a react-hook-form form with zod validation, the SEO indicator and the people counter. */
export function ControlsPage() {
  const { t, i18n } = useTranslation('ui');
  const schema = useMemo(() => buildSchema(t), [t, i18n.language]);
  const { control, handleSubmit, reset } = useForm<FormInput>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'onTouched' });
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [seoTitle, seoDescription, slug, adults, children] = useWatch({ control, name: ['seoTitle', 'seoDescription', 'slug', 'adults', 'children'] });

  const languages = useMemo(() => SAMPLE_LANGUAGES.map((l) => ({ value: l as string, label: t(`demo.languages.${l}`) })), [t]);
  const categories = useMemo(() => SAMPLE_CATEGORY_IDS.map((id) => ({ value: id as number, label: t(`demo.categories.c${id}`) })), [t]);

  const onSubmit = handleSubmit(
    (values) => {
      const payload = {
        ...values,
        tourDate: toIsoDate(values.tourDate),
        startMinutes: timeToMinutes(values.startTime),
        city: (values.city as AutocompleteOption | null)?.value ?? null,
      };
      setSubmitted(JSON.stringify(payload, null, 2));
      notify({ title: t('demo.controls.savedTitle'), message: t('demo.controls.saved'), kind: 'success' });
    },
    () => notify({ title: t('demo.controls.invalidTitle'), message: t('demo.controls.invalid'), kind: 'warning' }),
  );

  return (
    <div className="page demo-page">
      <PageHeaderBar className="demo-page__header" title={t('demo.controls.pageTitle')} subtitle={t('demo.controls.pageSubtitle')} />
      <form className="demo-form" onSubmit={onSubmit} noValidate aria-label={t('demo.controls.pageTitle')}>
        <div className="demo-form__col">
          <TitledSection className="card demo-card" headingId="demo-basic" title={t('demo.controls.basic')} titleClassName="card__title">
            <div className="demo-grid">
              <TextField control={control} name="name" label={t('demo.controls.name')} required placeholder={t('demo.controls.namePlaceholder')} className="demo-span-2" />
              <NumberField control={control} name="price" label={t('demo.controls.price')} required min={0} max={9999} decimals={2} suffix="AED" hint={t('demo.controls.priceHint')} />
              <TimeField control={control} name="startTime" label={t('demo.controls.startTime')} required hint={t('demo.controls.timeHint')} />
              <SelectField control={control} name="language" label={t('demo.controls.language')} required options={languages} placeholder={t('demo.controls.choose')} />
              <DateField control={control} name="tourDate" label={t('demo.controls.tourDate')} required hint={t('demo.controls.dateHint')} />
              <MultiSelectField control={control} name="categories" label={t('demo.controls.categories')} required options={categories} placeholder={t('demo.controls.choose')} />
              <AutocompleteField
                control={control}
                name="city"
                label={t('demo.controls.city')}
                required
                endpoint="/api/places/options"
                token={getToken}
                fetcher={samplePlacesFetch}
                placeholder={t('demo.controls.cityPlaceholder')}
                hint={t('demo.controls.cityHint')}
              />
              <ToggleField control={control} name="topTour" label={t('demo.controls.topTour')} text={t('demo.controls.topTourText')} />
            </div>
          </TitledSection>
          <TitledSection className="card demo-card" headingId="demo-desc" title={t('demo.controls.descriptionCard')} titleClassName="card__title">
            <RichTextField control={control} name="description" label={t('demo.controls.description')} required placeholder={t('demo.controls.descriptionPlaceholder')} hint={t('demo.controls.descriptionHint')} />
          </TitledSection>
        </div>
        <div className="demo-form__col">
          <TitledSection className="card demo-card" headingId="demo-seo" title={t('demo.controls.seo')} titleClassName="card__title">
            <TextField control={control} name="seoTitle" label={t('demo.controls.seoTitle')} aside={<SeoIndicator kind="title" text={seoTitle} />} />
            <TextField control={control} name="seoDescription" label={t('demo.controls.seoDescription')} aside={<SeoIndicator kind="description" text={seoDescription} />} />
            <TextField control={control} name="slug" label={t('demo.controls.slug')} aside={<SeoIndicator kind="other" text={slug} />} />
          </TitledSection>
          <TitledSection className="card demo-card" headingId="demo-people" title={t('demo.controls.people')} titleClassName="card__title">
            <div className="demo-people">
              <Controller
                control={control}
                name="adults"
                render={({ field }) => <PeopleCounter label={t('demo.controls.adults')} description={t('demo.controls.adultsAge')} value={field.value} onChange={field.onChange} min={1} max={20} price={ADULT_PRICE} />}
              />
              <Controller
                control={control}
                name="children"
                render={({ field }) => <PeopleCounter label={t('demo.controls.children')} description={t('demo.controls.childrenAge')} value={field.value} onChange={field.onChange} min={0} max={20} price={CHILD_PRICE} />}
              />
              <PeopleCounter label={t('demo.controls.infants')} description={t('demo.controls.infantsAge')} value={0} onChange={() => undefined} disabled disabledReason={t('demo.controls.infantsNotAllowed')} />
              <div className="demo-people__total">
                <span>{t('demo.controls.total')}</span>
                <span>{formatAed(peopleTotal(adults, ADULT_PRICE) + peopleTotal(children, CHILD_PRICE))}</span>
              </div>
            </div>
          </TitledSection>
          <TitledSection className="card demo-card" headingId="demo-submit" title={t('demo.controls.result')} titleClassName="card__title">
            {submitted ? <pre className="demo-result" tabIndex={0}>{submitted}</pre> : <p className="demo-note">{t('demo.controls.resultEmpty')}</p>}
            <div className="demo-actions">
              <Button
                onClick={() => {
                  reset(defaults);
                  setSubmitted(null);
                }}
              >
                {t('demo.controls.reset')}
              </Button>
              <Button type="submit" variant="primary" icon="check">
                {t('demo.controls.save')}
              </Button>
            </div>
          </TitledSection>
        </div>
      </form>
      <MapsAndItinerariesDemo />
    </div>
  );
}

/** The tour editor's map picker and Itinerary tab on local state, with what they report (test/browser/tour-location-itinerary.test.ts). */
function MapsAndItinerariesDemo() {
  const { t } = useTranslation('tour-itinerary');
  const [point, setPoint] = useState<{ lat: number | null; lng: number | null }>({ lat: null, lng: null });
  const [itineraries, setItineraries] = useState<Itinerary[]>([]);
  return (
    <section aria-labelledby="demo-maps" style={{ marginTop: 32 }}>
      <header className="page-header">
        <h2 className="page-title" id="demo-maps">
          {t('demo.title')}
        </h2>
        <p className="page-subtitle">{t('demo.subtitle')}</p>
      </header>
      <div className="demo-form">
        <TitledSection className="card demo-card" headingId="demo-location" title={t('demo.location')} titleClassName="card__title">
          <LocationPicker value={point} onChange={setPoint} />
          <pre className="demo-result" tabIndex={0} data-testid="demo-location-value">
            {JSON.stringify(point)}
          </pre>
        </TitledSection>
        <TitledSection className="card demo-card" headingId="demo-itineraries" title={t('demo.itineraries')} titleClassName="card__title">
          <ItineraryList value={itineraries} onChange={setItineraries} tourId={0} />
          <pre className="demo-result" tabIndex={0} data-testid="demo-itinerary-value">
            {JSON.stringify(itineraries, null, 2)}
          </pre>
        </TitledSection>
      </div>
    </section>
  );
}
