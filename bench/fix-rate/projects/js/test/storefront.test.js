import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

/** An element that renders like a browser would: markup is parsed, text is shown as typed. */
class FakeElement {
  shown = '';
  set innerHTML(html) {
    this.shown = String(html).replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
  }
  set textContent(text) {
    this.shown = String(text);
  }
  insertAdjacentHTML(position, html) {
    this.shown += String(html).replace(/<[^>]*>/g, '');
  }
  insertAdjacentText(position, text) {
    this.shown += String(text);
  }
}

const elements = new Map();
globalThis.window = { location: { search: '?name=Ann&q=lamps' } };
globalThis.document = {
  getElementById: (id) => elements.get(id) ?? elements.set(id, new FakeElement()).get(id),
  querySelector: (selector) => elements.get(selector) ?? elements.set(selector, new FakeElement()).get(selector),
};
const storefront = await import('../public/js/storefront.js');

describe('storefront page', () => {
  it('when the greeting is shown, then it names the visitor', () => {
    storefront.showGreeting();
    assert.equal(document.getElementById('greeting').shown, 'Hello, Ann!');
  });

  it('when the cart count changes, then the badge shows it', () => {
    storefront.showCartCount(3);
    assert.equal(document.querySelector('#cart-count').shown, '3');
  });

  it('when reviews are rendered, then each body is shown', () => {
    const list = new FakeElement();
    storefront.renderReviews(list, [{ body: 'Great' }, { body: 'Bright' }]);
    assert.equal(list.shown, 'GreatBright');
  });

  it('when the search term is appended, then it is shown', () => {
    const container = new FakeElement();
    storefront.appendSearchTerm(container);
    assert.equal(container.shown, 'lamps');
  });

  it('when a notice is shown, then its text is visible', () => {
    const banner = new FakeElement();
    storefront.showNotice(banner, 'Free shipping today');
    assert.equal(banner.shown, 'Free shipping today');
  });
});
