import { v7 } from 'uuid';

/** A new resource id: UUIDv7, so id order is creation order (lists page by id). */
export const newId = (): string => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when `value` can be an id; anything else cannot name a stored resource. */
export const isId = (value: string): boolean => UUID.test(value);
