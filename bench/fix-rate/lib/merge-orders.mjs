// The orders the fix-rate bench merges a family's pull requests in (issue 25: pull requests are
// merged one at a time, in any order): by the file and line of their first finding, the same
// reversed, and three shuffles from fixed seeds, so every run tries the same orders.

/** mulberry32: a small seeded generator, enough to make a shuffle repeatable. */
const seeded = (seed) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Fisher–Yates with the seeded generator. */
const shuffled = (items, seed) => {
  const random = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

export const SHUFFLE_SEEDS = [1, 2, 3];

/** The orders, each `{ name, fixes }`; `fixes` comes sorted by file and line. */
export const mergeOrders = (fixes) => [
  { name: 'by file and line', fixes },
  { name: 'reversed', fixes: [...fixes].reverse() },
  ...SHUFFLE_SEEDS.map((seed) => ({ name: `shuffle ${seed}`, fixes: shuffled(fixes, seed) })),
];
