/** The form frame (GOV.UK pattern): one component a file under ./form/, all imported from here. */
export { CharacterCount, useCharacterCountId } from "./form/character-count";
export { Checkbox } from "./form/checkbox";
export { ErrorSummary } from "./form/lazy-error-summary";
export { errorEntries, type FieldError, type FormErrors } from "./form/errors";
export { Field } from "./form/field";
export { Fieldset } from "./form/fieldset";
export { FileUpload } from "./form/file-upload";
export { Radios } from "./form/radios";
export { Select } from "./form/select";
export { TextField } from "./form/text-field";
export { Textarea } from "./form/textarea";
