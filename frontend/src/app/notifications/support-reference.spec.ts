import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverFailureReference, withShortReference } from './support-reference';

const REFERENCE = '5ab50930-1bea-4c2f-9d3e-0123456789ab';

describe("a server failure's support reference (a toast shows 8 characters and copies it whole)", () => {
  it("is read from the kernel's 500 sentence, and from no other message", () => {
    expect(serverFailureReference(`Something went wrong on our side. It was logged with reference ${REFERENCE}.`)).toBe(REFERENCE);
    expect(serverFailureReference('Something went wrong on our side.')).toBeNull();
    expect(serverFailureReference(`The booking ${REFERENCE} was not found.`)).toBeNull();
    expect(serverFailureReference(null)).toBeNull();
  });

  it("matches the sentence as the kernel's envelope filter writes it", () => {
    const filter = readFileSync(join(__dirname, '../../../../modules/kernel/src/http/envelope.filter.ts'), 'utf8');
    const template = /`(Something went wrong on our side\. It was logged with reference \$\{id\}\.)`/.exec(filter)?.[1];
    expect(template).toBeDefined();
    expect(serverFailureReference(template!.replace('${id}', REFERENCE))).toBe(REFERENCE);
  });

  it('is shown by its first 8 characters, in whatever language the message is', () => {
    expect(withShortReference(`Ошибка записана под номером ${REFERENCE}.`, REFERENCE)).toEqual({ text: 'Ошибка записана под номером 5ab50930.', short: '5ab50930' });
  });
});
