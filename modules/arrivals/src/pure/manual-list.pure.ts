/**
 * The list an arrival entered by hand goes to when no list is chosen: the supplier's list of this name, made by the
 * first such entry. The manual entry dialog offers it as its default choice, so it does not list it twice.
 */
export const MANUAL_LIST_NAME = 'Manual entries';
