import type { Dictionary } from './translate.service';

/**
 * English is the source language: message ids are the English texts themselves, so this dictionary only holds
 * entries whose wording differs from the id. Other languages map every id.
 */
export const EN: Dictionary = {};
