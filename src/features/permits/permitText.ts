/** The reference a list or heading shows: 'Pending...' until the server assigns one (SPEC §2). */
export const referenceOf = (reference: string) => (reference === 'TBD' ? 'Pending...' : reference);

/** SPEC §5: create submit without a permit type, and a form submit with errors. */
export const NO_PERMITS_SELECTED = 'No permits have been selected to be created. Please select one or more permits to create';
export const errorsMessage = (n: number) => `Please check the form and correct all (${n}) errors before submitting.`;
