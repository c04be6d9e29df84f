export { PeopleCounter, type PeopleCounterProps } from './people-counter';
export { canDecrement, canIncrement, clampPeople, formatAed, peopleTotal, stepButtonState } from './people-counter.logic';
