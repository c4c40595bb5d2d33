/** The example number in the phone message "Please enter your phone number, eg. {phone}". */
export const EXAMPLE_PHONE = "040 123 4567";
