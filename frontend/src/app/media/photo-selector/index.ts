export { PhotoSelector, type PhotoSelectorProps } from './photo-selector';
export { mediaWarnings, togglePhoto, setHero, type PhotoSelection, type MediaWarning } from './selection.logic';
