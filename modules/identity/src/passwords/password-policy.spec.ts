import { checkNewPassword, commonPasswords, isCommonPassword, PASSWORD_MESSAGES } from './password-policy';

describe('password policy', () => {
  it('ships about a thousand common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(1000);
    expect(commonPasswords().has('123456')).toBe(true);
  });

  it('refuses common passwords whatever their case', () => {
    for (const p of ['password123', 'PASSWORD1', 'Sunshine', 'QwErTy123', 'baseball']) expect(isCommonPassword(p)).toBe(true);
    expect(checkNewPassword('Baseball', 'Baseball')).toEqual({ field: 'password', message: PASSWORD_MESSAGES.common });
    expect(isCommonPassword('DemoPass!2026')).toBe(false);
  });

  it('needs 8 to 128 characters, counted as characters', () => {
    expect(checkNewPassword('Ab3$xyz')).toEqual({ field: 'password', message: PASSWORD_MESSAGES.tooShort });
    expect(checkNewPassword('Ab3$xyzQ')).toBeNull();
    expect(checkNewPassword('x'.repeat(64))).toBeNull();
    expect(checkNewPassword('k9'.repeat(64))).toBeNull();
    expect(checkNewPassword(`${'k9'.repeat(64)}!`)).toEqual({ field: 'password', message: PASSWORD_MESSAGES.tooLong });
    // Seven emoji are 14 UTF-16 units but seven characters.
    expect(checkNewPassword('🐪🐪🐪🐪🐪🐪🐪')?.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect(checkNewPassword('')?.message).toBe(PASSWORD_MESSAGES.required);
  });

  it('needs the repeat to match when one is given', () => {
    expect(checkNewPassword('Camel-Trek-42', 'Camel-Trek-43')).toEqual({ field: 'passwordRepeat', message: PASSWORD_MESSAGES.repeatMismatch });
    expect(checkNewPassword('Camel-Trek-42', 'Camel-Trek-42')).toBeNull();
    expect(checkNewPassword('Camel-Trek-42')).toBeNull();
  });
});
