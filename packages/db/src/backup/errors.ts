/** A restore target that holds data already: nothing is overwritten. */
export class RestoreTargetNotEmptyError extends Error {}

/** A PostgreSQL client program (pg_dump, pg_restore) that is not installed; the message names the package. */
export class MissingClientError extends Error {}

/** The file is not a backup of the configured kind of database. */
export class BackupFormatError extends Error {}
