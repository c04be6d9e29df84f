import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextField, SelectField, TextField } from '../../../ui/fields';
import { useCityOptions } from '../../../app/reference/reference-options';
import { LocationPicker } from '../../../ui/location/location-picker';
import { withCurrent } from './basic-tab';
import { PlaceIdField } from './place-id-field';
import type { TourForm } from './tour-form';

export function LocationTab() {
  const { t } = useTranslation('tour-edit');
  const { control, setValue } = useFormContext<TourForm>();
  const cities = useCityOptions();
  const [cityId, lat, lng] = useWatch({ control, name: ['cityId', 'locationLatitude', 'locationLongitude'] });
  const cityOptions = useMemo(() => withCurrent(cities.data, cityId, t('loadingOptions')), [cities.data, cityId, t]);
  return (
    <div className="tour-sections">
      <div className="form-grid">
        <SelectField control={control} name="cityId" label={t('fields.cityId')} options={cityOptions} placeholder={cities.isPending ? t('loadingOptions') : t('choose')} />
        <TextField control={control} name="locationAddress" label={t('fields.locationAddress')} maxLength={1000} autoComplete="off" />
      </div>
      <section className="tour-subsection" aria-labelledby="tour-map-title" data-testid="tour-map">
        <h3 className="tour-subsection__title" id="tour-map-title">
          {t('fields.map')}
        </h3>
        <LocationPicker
          value={{ lat: lat ?? null, lng: lng ?? null }}
          onChange={(v) => {
            setValue('locationLatitude', v.lat, { shouldDirty: true });
            setValue('locationLongitude', v.lng, { shouldDirty: true });
          }}
          height={400}
        />
      </section>
      <div className="form-grid">
        <PlaceIdField kind="google" />
        <PlaceIdField kind="tripAdvisor" />
        <TextField control={control} name="facebookPageId" label={t('fields.facebookPageId')} maxLength={300} autoComplete="off" />
        <TextField control={control} name="locationTiming" label={t('fields.locationTiming')} maxLength={2000} autoComplete="off" />
      </div>
      <section className="tour-subsection" aria-labelledby="tour-directions-title">
        <h3 className="tour-subsection__title" id="tour-directions-title">
          {t('fields.directions')}
        </h3>
        {([0, 1, 2] as const).map((type) => (
          <RichTextField key={type} control={control} name={`directions.${type}.description`} label={t(`directionTypes.${type}`)} height={150} />
        ))}
      </section>
    </div>
  );
}
