import type { Contact } from '@sms/contracts/contacts';

/** "First Last", or null when the contact has no name. */
export function contactName(contact: Pick<Contact, 'firstName' | 'lastName'>): string | null {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The contact's name, else its phone number (titles, confirmations). */
export const contactLabel = (contact: Pick<Contact, 'firstName' | 'lastName' | 'phone'>): string => contactName(contact) ?? contact.phone;
