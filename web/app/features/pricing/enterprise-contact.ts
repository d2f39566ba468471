/** Where the Enterprise plan is bought (decision 041: through the contact form, not by card). */
export const ENTERPRISE_CONTACT_HREF = '/enterprise';
