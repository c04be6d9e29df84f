import '../common/ui.css';
import './fields.css';

export { Field, type FieldProps } from './field';
export { TextInput, NumberInput, TimeInput, SelectInput, Toggle, Checkbox, type SelectOption, type ControlSize } from './inputs';
export { NumberBox, type NumberBoxProps } from './number-box';
export { DateInput } from './date-input';
export { IsoDateInput, type IsoDateInputProps } from './iso-date-input';
export { Calendar } from './calendar';
export { MultiSelect, MULTI_SELECT_LIST_HEIGHT } from './multi-select';
export { RichTextEditor, RICH_TEXT_HEIGHT } from './rich-text-editor';
export { Autocomplete, AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_TOOLTIP_OVER, autocompleteUrl, defaultMapResponse, type AutocompleteOption, type AutocompleteProps } from './autocomplete';
export { sanitizeHtml, isSafeHref, normalizeHref, isRichTextEmpty } from './sanitize';
export { TextField, NumberField, TimeField, DateField, SelectField, MultiSelectField, ToggleField, RichTextField, AutocompleteField, type FormFieldProps } from './form-fields';
export { focusAfterRemoval } from './row-focus.logic';
export { useRowFocus } from './use-row-focus';
