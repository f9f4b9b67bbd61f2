import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { buildUser } from "../helpers/factories.ts";
import { draftEvent } from "../helpers/seed.ts";
import { expectNoAxeViolations, newPage, screenshot, setUpProduct } from "./harness.ts";

/** The page behind the link in the "you were added as a contact person" mail, as its person uses it. */

const e2e = setUpProduct();

describe("the contact-removal page", () => {
  for (const lang of ["sv", "en"] as const) {
    it(`in ${lang}: says which event it is about and removes its person with one button`, async () => {
      const { product } = e2e;
      const owner = await buildUser(product.app, { firstName: "Olle", lastName: "Organisatör" });
      const added = await buildUser(product.app, { firstName: "Cecilia", lastName: "Kontakt", language: lang });
      await draftEvent(product.app, owner, {
        stations: [],
        event: { name: "Vårruset", contactPersons: [{ email: added.email }] },
      });
      const mail = await product.sink.waitFor(added.email, (m) => /Vårruset/.test(m.subject));
      const link = /(\/contact-removal\?token=[\w.-]+)/.exec(mail.text.replace(/=\r?\n/g, ""))?.[1];
      expect(link).toBeDefined();

      const page = await newPage(e2e.browser, { language: lang });
      await page.goto(`${product.url}${link}`);
      const about = translate(lang, "public.contactRemoval.event", { name: "Vårruset", email: added.email });
      await page.getByText(about).waitFor();
      await expectNoAxeViolations(page, `contact removal (${lang})`);
      await screenshot(page, `contact-removal-${lang}-1280`);
      // From the mail on a phone, too.
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoAxeViolations(page, `contact removal at 375 px (${lang})`);
      await screenshot(page, `contact-removal-${lang}-375`);

      await page.getByRole("button", { name: translate(lang, "public.contactRemoval.button") }).click();
      await page.getByText(translate(lang, "public.contactRemoval.done", { name: "Vårruset" })).waitFor();
      await expectNoAxeViolations(page, `contact removal done (${lang})`);

      // The link again: nothing left to remove.
      await page.reload();
      await page.getByText(translate(lang, "public.contactRemoval.gone", { name: "Vårruset" })).waitFor();
      await page.context().close();
    });
  }

  it("tells a visitor with a broken link that it no longer works", async () => {
    const page = await newPage(e2e.browser, { language: "sv" });
    await page.goto(`${e2e.product.url}/contact-removal?token=broken`);
    await page.getByText(translate("sv", "errors.LinkInvalid")).waitFor();
    await expectNoAxeViolations(page, "contact removal, broken link");
    await page.context().close();
  });
});
