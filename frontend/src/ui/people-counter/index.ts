export { PeopleCounter, type PeopleCounterProps } from './people-counter';
export { canDecrement, canIncrement, clampPeople, formatAed, peopleTotal } from './people-counter.logic';
