/** A backup or restore that cannot go on; the message is a sentence for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}
