import Organisationsnummer from "organisationsnummer";
import { ORGANISATION_NUMBER_PATTERN } from "../validation.ts";

/**
 * A Swedish organisation number in one of the spec's four formats (NNNNNN-NNNN, 10 digits, 12 digits,
 * NNNNNNNN-NNNN) whose check digit is right.
 *
 * The 12-digit forms of an organisation carry the century prefix "16" (165560160680); the package strips it
 * before the Luhn test. It also accepts a personal identity number (19/20 prefix, a sole trader's number):
 * a group is a club or a school, never a sole trader, and we do not want anyone's personal identity number
 * stored with a group of minors, so those are refused here.
 */
export function isOrganisationNumber(value: string): boolean {
  if (!ORGANISATION_NUMBER_PATTERN.test(value)) return false;
  try {
    return !Organisationsnummer.parse(value).isPersonnummer();
  } catch {
    return false;
  }
}
