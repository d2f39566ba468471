/** The store's operator in journeys: the e2e server lists this address in OPERATOR_EMAILS. */
export const OPERATOR_EMAIL = 'e2e-operator@example.com';
