// Where a stored result comes from, in words (the history's Source column, Compare's list of results).
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';

export const SOURCE_WORDS: Record<BenchmarkResult['source'], string> = {
  FIO: T('fio (measured here)'),
  BONNIE: T('bonnie++ import'),
  GOBONNIEGO: T('gobonniego import'),
  FIO_IMPORT: T('fio import'),
  CLIENT: T('client kit (measured on a client)'),
};
