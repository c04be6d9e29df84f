import { fieldOfHeader } from './arrival-columns';

describe('the import reads column titles', () => {
  it('in English and Russian, whatever their case and punctuation', () => {
    expect(fieldOfHeader('Pax ID')).toBe('paxId');
    expect(fieldOfHeader('Тип номера')).toBe('roomType');
    expect(fieldOfHeader('Дата  прилёта:')).toBe('arrivalDate');
  });

  it("leaves a bare 'Номер' alone: in a Russian list (our own arrivals.xlsx too) it is the room number, not its type", () => {
    expect(fieldOfHeader('Номер')).toBeNull();
  });
});
