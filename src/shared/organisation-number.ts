import Organisationsnummer from "organisationsnummer";
import { msg, requiredText } from "./validation.ts";

/** The spec's four formats: NNNNNN-NNNN, 10 digits, 12 digits or NNNNNNNN-NNNN. */
export const ORGANISATION_NUMBER_PATTERN = /^(\d{6}-\d{4}|\d{10}|\d{12}|\d{8}-\d{4})$/;

/**
 * A Swedish organisation number in one of the spec's four formats whose check digit is right: the rule for
 * a group's organisation and an event's organizer alike.
 *
 * The 12-digit forms of an organisation carry the century prefix "16" (165560160680); the package strips it
 * before the Luhn test. It also accepts a personal identity number (19/20 prefix, a sole trader's number):
 * we do not want anyone's personal identity number stored (a group holds minors' data, an event is public),
 * so those are refused here.
 */
export function isOrganisationNumber(value: string): boolean {
  if (!ORGANISATION_NUMBER_PATTERN.test(value)) return false;
  try {
    return !Organisationsnummer.parse(value).isPersonnummer();
  } catch {
    return false;
  }
}

/** The form and API field: trimmed, required, then the format and check digit. */
export const organisationNumber = () => requiredText().refine(isOrganisationNumber, { error: msg.organisationNumber });
