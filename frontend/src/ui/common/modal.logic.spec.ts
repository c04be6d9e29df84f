import { createScrollLock, openerOf, pullsStrayTab, topmost } from './modal.logic';

const stray = { key: 'Tab', defaultPrevented: false, seenInside: false, focusInside: false, onTop: true };

describe('a Tab pressed while the focus is outside the open modal', () => {
  it('is pulled back into the modal (the focus had dropped to <body>, e.g. after a failed action)', () => {
    expect(pullsStrayTab(stray)).toBe(true);
  });

  it('is left alone when the modal (or a popover of it) saw it, or the focus is inside', () => {
    expect(pullsStrayTab({ ...stray, seenInside: true })).toBe(false);
    expect(pullsStrayTab({ ...stray, focusInside: true })).toBe(false);
    expect(pullsStrayTab({ ...stray, defaultPrevented: true })).toBe(false);
  });

  it('is pulled only into the top modal, and only for Tab', () => {
    expect(pullsStrayTab({ ...stray, onTop: false })).toBe(false);
    expect(pullsStrayTab({ ...stray, key: 'Enter' })).toBe(false);
  });
});

describe('the top modal', () => {
  it('is the last open one in document order, whatever order they registered in', () => {
    const order = ['page', 'panel', 'question'];
    const after = (a: string, b: string) => order.indexOf(a) > order.indexOf(b);
    expect(topmost(new Set(['question', 'panel']), after)).toBe('question');
    expect(topmost(['panel'], after)).toBe('panel');
    expect(topmost([], after)).toBeUndefined();
  });
});

describe('the scroll lock the modals share', () => {
  it('hides the overflow while any modal is open and puts the page\'s own back when the last closes, in any order', () => {
    const style = { overflow: 'auto' };
    const lock = createScrollLock(() => style);
    const first = lock.lock();
    const second = lock.lock();
    expect(style.overflow).toBe('hidden');
    // Two dialogs closing together, the first opened closing first: the page must not stay locked.
    first();
    expect(style.overflow).toBe('hidden');
    second();
    expect(style.overflow).toBe('auto');
    expect(lock.held).toBe(0);
  });

  it('a release works once (an effect cleaned up twice does not unlock another modal\'s lock)', () => {
    const style = { overflow: '' };
    const lock = createScrollLock(() => style);
    const first = lock.lock();
    const second = lock.lock();
    first();
    first();
    expect(style.overflow).toBe('hidden');
    expect(lock.held).toBe(1);
    second();
    expect(style.overflow).toBe('');
  });

  it('without a page (no document) it only counts', () => {
    const lock = createScrollLock(() => null);
    const release = lock.lock();
    expect(lock.held).toBe(1);
    release();
    expect(lock.held).toBe(0);
  });
});

describe('the element the focus goes back to when a modal closes', () => {
  const page = { body: { isConnected: true }, documentElement: { isConnected: true } };

  it('is the one that had the focus when the modal opened, while it is in the document', () => {
    const button = { isConnected: true };
    expect(openerOf(button, page)).toBe(button);
  });

  it('is none when <body> (or the root) had it, as on a page opened at the popup\'s address, so a heading takes it', () => {
    expect(openerOf(page.body, page)).toBeNull();
    expect(openerOf(page.documentElement, page)).toBeNull();
    expect(openerOf(null, page)).toBeNull();
  });

  it('is none when that element has left the document (its row was drawn again)', () => {
    expect(openerOf({ isConnected: false }, page)).toBeNull();
  });
});
