import { ApiCallError, ConnectionLostError, FailedJobError } from '../api/api-errors';
import { T } from '../i18n/translate-marker';

/** errno of the transaction engine's CallError: a change failed after the restore point was written, and was undone. */
const EFAULT = 14;

/**
 * What a failed apply or revert did to the box, in words, from what its error already carries (the job's message is
 * shown above this line):
 * - a call the server refused (a missing role, invalid arguments, validation before the restore point) never ran:
 *   nothing changed;
 * - a failed transaction (errno EFAULT) says itself what it put back ("Rolled back 2 changes (Record size, …)", or
 *   "Nothing had been changed yet.", and any setting it could not put back), and its restore point keeps each step;
 * - any other failure, or a connection lost meanwhile, cannot tell from here whether something changed.
 */
export function changeFailureNote(error: unknown): string {
  if (error instanceof FailedJobError) {
    return error.job.exc_info?.errno === EFAULT
      ? T('Restore points lists this attempt with each step it took.')
      : T('Restore points shows whether anything changed.');
  }
  if (error instanceof ApiCallError) {
    return T('Nothing on the box was changed.');
  }
  if (error instanceof ConnectionLostError) {
    return T('The connection dropped meanwhile: Restore points shows whether anything changed.');
  }
  return T('Restore points shows whether anything changed.');
}
