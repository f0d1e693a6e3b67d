// The vocabulary of the answer files (labels-*.mjs): a label and why, judged by reading repo/.
export const TP = 'TRUE_POSITIVE';
export const FP = 'FALSE_POSITIVE';
export const WF = 'WONT_FIX';
export const a = (label, why) => ({ label, why });
