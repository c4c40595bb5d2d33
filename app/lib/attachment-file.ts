/**
 * The size limit of a message's attachments (spec part 2 §5, §9: 9 MiB in total; the customer's text says 9 MB).
 * Here rather than in the messaging feature because the server's body limits need it too.
 */
export const ATTACHMENTS_MAX_BYTES = 9_437_184;
export const ATTACHMENTS_MAX_MEGABYTES = 9;

/**
 * A questionnaire step's file questions post their files as `file:<question name>`; the files of one step count
 * together against ATTACHMENTS_MAX_BYTES (a questionnaire's attachments are the same kinds of files as a message's).
 */
export const QUESTIONNAIRE_FILE_FIELD = "file:";
