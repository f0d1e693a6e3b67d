const params = new URLSearchParams(window.location.search);

export function showGreeting() {
  document.getElementById('greeting').innerHTML = `Hello, ${params.get('name') ?? 'guest'}!`;
}

export function showCartCount(count) {
  document.querySelector('#cart-count').innerHTML = count;
}

export function renderReviews(list, reviews) {
  list.innerHTML = reviews.map((r) => `<li class="review">${r.body}</li>`).join('');
}

export function appendSearchTerm(container) {
  container.insertAdjacentHTML('beforeend', params.get('q'));
}

export function showNotice(banner, message) {
  banner.innerHTML = message;
}

export function clear(el) {
  el.innerHTML = '';
}
