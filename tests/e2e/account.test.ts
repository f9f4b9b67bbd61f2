import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildUser, PASSWORD, uniqueEmail } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { codeIn } from "../helpers/smtp-sink.ts";
import { expectNoAxeViolations, input, inviteUser, newPage, postApi, setUpProduct, signIn, signInAs, signUp } from "./harness.ts";

const e2e = setUpProduct();

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const alertText = (page: Page) => page.getByRole("alert").first().innerText();

describe("registration, activation and the profile", () => {
  it("registers, activates with the mailed code, signs in, edits the profile and signs out", async () => {
    const page = await newPage(e2e.browser);
    const email = uniqueEmail("register");
    await page.goto(`${e2e.product.url}/register`);
    await expect.poll(() => heading(page).innerText()).toBe("Registrera dig");

    await input(page, "email").fill(email.toUpperCase());
    await input(page, "firstName").fill("Astrid");
    await input(page, "lastName").fill("Berglund");
    await page.locator('select[name="countryCode"]').selectOption("+46");
    await input(page, "phone").fill("0701112233");

    // The checklist follows the password as it is typed.
    const rules = page.locator("li[data-met]");
    expect(await rules.count()).toBe(4);
    await input(page, "password").fill("abc");
    expect(await page.locator('li[data-met="true"]').count()).toBe(1);
    await expect.poll(() => rules.first().innerText()).toContain("uppfyllt");
    await input(page, "password").fill(PASSWORD);
    expect(await page.locator('li[data-met="true"]').count()).toBe(4);

    await input(page, "repeatPassword").fill(`${PASSWORD}x`);
    await expect.poll(() => page.getByText("Lösenorden är olika").isVisible()).toBe(true);
    await input(page, "repeatPassword").fill(PASSWORD);
    await page.getByRole("button", { name: "Registrera", exact: true }).click();

    await page.waitForURL(/\/verify-email$/);
    const reminder = page.getByRole("dialog", { name: "Titta i din inkorg" });
    await expect.poll(() => reminder.isVisible()).toBe(true);
    await reminder.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => reminder.isVisible()).toBe(false);
    expect(await input(page, "email").inputValue()).toBe(email);

    const first = codeIn(await e2e.product.sink.waitFor(email));
    const wrong = first === "000000" ? "111111" : "000000";
    await input(page, "verificationCode").fill(wrong);
    await page.getByRole("button", { name: "Aktivera kontot" }).click();
    await expect.poll(() => alertText(page)).toBe("Felaktig aktiveringskod");

    // A new code replaces the first one.
    await page.getByRole("button", { name: "Skicka ny kod" }).click();
    await expect.poll(() => page.getByText(`En ny kod har skickats till ${email}.`).isVisible()).toBe(true);
    await expect.poll(() => e2e.product.sink.count(email)).toBe(2);
    const second = codeIn(await e2e.product.sink.waitFor(email, (m) => codeIn(m) !== first));
    await input(page, "verificationCode").fill(second);
    await page.getByRole("button", { name: "Aktivera kontot" }).click();

    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByText("Ditt konto är aktiverat").isVisible()).toBe(true);
    expect(await input(page, "email").inputValue()).toBe(email);
    await input(page, "password").fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/my-pages\//);

    await page.locator("header").getByRole("link", { name: "Min profil" }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByText("Astrid Berglund").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("070-111 22 33").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Redigera profil" }).click();
    expect(await input(page, "email").getAttribute("readonly")).not.toBeNull();
    expect(await page.locator('select[name="countryCode"]').inputValue()).toBe("+46");
    expect(await input(page, "phoneWithoutCountryCode").inputValue()).toBe("701112233");
    await input(page, "firstName").fill("Astrid Maria");
    await input(page, "phoneWithoutCountryCode").fill("12ab");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect.poll(() => page.getByText("Mobilnumret får bara innehålla siffror").isVisible()).toBe(true);
    await page.locator('select[name="countryCode"]').selectOption("+47");
    await input(page, "phoneWithoutCountryCode").fill("041234567");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect.poll(() => page.getByText("Astrid Maria Berglund").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("+47 41234567").isVisible()).toBe(true);

    // A reload keeps the session (refresh cookie) and shows the saved profile from the server.
    await page.reload();
    await expect.poll(() => page.getByText("Astrid Maria Berglund").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/profile");

    await page.locator("header").getByRole("link", { name: "Logga ut" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.locator("header").getByRole("link", { name: "Logga in" }).isVisible()).toBe(true);
    await page.goto(`${e2e.product.url}/profile`);
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it("tells a registering visitor that the address is taken", async () => {
    const existing = await buildUser(e2e.product.app);
    const page = await newPage(e2e.browser, { language: "en" });
    await page.goto(`${e2e.product.url}/register`);
    await input(page, "email").fill(existing.email);
    await input(page, "firstName").fill("Erik");
    await input(page, "lastName").fill("Sund");
    await input(page, "phone").fill("0701234567");
    await input(page, "password").fill(PASSWORD);
    await input(page, "repeatPassword").fill(PASSWORD);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect.poll(() => alertText(page)).toContain("There is already a user with that e-mail address");
    expect(new URL(page.url()).pathname).toBe("/register");
    await page.context().close();
  });
});

describe("signing in", () => {
  it("names the wrong password, the unknown user, and returns to the page that asked for a sign-in", async () => {
    const account = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist" });
    const page = await newPage(e2e.browser, { language: "en" });
    await page.goto(`${e2e.product.url}/login`);
    await input(page, "email").fill(uniqueEmail("nobody"));
    await input(page, "password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => alertText(page)).toBe("There is no user with that e-mail address.");

    await input(page, "email").fill(account.email);
    await input(page, "password").fill("Wrong-password1");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => alertText(page)).toBe("Incorrect password");

    await page.goto(`${e2e.product.url}/profile`);
    await page.waitForURL(/\/login$/);
    await input(page, "email").fill(account.email);
    await input(page, "password").fill(account.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByText("Karin Lindqvist").isVisible()).toBe(true);

    // A signed-in visitor of /login goes to the start page.
    await page.goto(`${e2e.product.url}/login`);
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });

  it("sends a user who has not activated the account to /verify-email with the address filled in", async () => {
    const email = uniqueEmail("unconfirmed");
    const res = await postApi(e2e.product, "/auth/sign-up", {
      email,
      password: PASSWORD,
      firstName: "Olle",
      lastName: "Ström",
      countryCode: "+46",
      phone: "0701234567",
    });
    expect(res.status).toBe(201);
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/login`);
    await input(page, "email").fill(email);
    await input(page, "password").fill(PASSWORD);
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await page.waitForURL(/\/verify-email$/);
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await input(page, "email").inputValue()).toBe(email);
    expect(await input(page, "verificationCode").getAttribute("autocomplete")).toBe("one-time-code");
    expect(await input(page, "verificationCode").getAttribute("inputmode")).toBe("numeric");
    await page.context().close();
  });

  it("lets an invited user sign in with the mailed temporary password and choose a password of their own", async () => {
    const invited = await inviteUser(e2e.product);
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/change-password`);
    await page.waitForURL(/\/login$/);

    await input(page, "email").fill(invited.email);
    await input(page, "password").fill(invited.temporaryPassword);
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await page.waitForURL(/\/change-password$/);
    await expect.poll(() => heading(page).innerText()).toBe("Välj nytt lösenord");
    await expect.poll(() => page.getByText(`Konto: ${invited.email}`).isVisible()).toBe(true);

    await input(page, "newPassword").fill("kort");
    await page.getByRole("button", { name: "Uppdatera lösenordet" }).click();
    await expect.poll(() => page.getByText("Lösenordet uppfyller inte kraven").isVisible()).toBe(true);
    await input(page, "newPassword").fill("Egetlosen9");
    await page.getByRole("button", { name: "Uppdatera lösenordet" }).click();
    await page.waitForURL(/\/my-pages\/events$/);
    await expect.poll(() => page.locator("header").getByRole("link", { name: "Logga ut" }).isVisible()).toBe(true);
    await page.context().close();

    // The new password is the one that works from now on.
    expect(
      (await postApi(e2e.product, "/auth/sign-in", { email: invited.email, password: invited.temporaryPassword })).status,
    ).toBe(401);
    expect((await postApi(e2e.product, "/auth/sign-in", { email: invited.email, password: "Egetlosen9" })).status).toBe(200);
  });
});

describe("a forgotten password", () => {
  it("is replaced with the mailed code, and the new one signs in", async () => {
    const account = await buildUser(e2e.product.app);
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/forgot-password`);
    expect(await input(page, "code").count()).toBe(0);
    await input(page, "email").fill(account.email);
    await page.getByRole("button", { name: "Skicka kod" }).click();
    await expect.poll(() => page.getByText(`Vi har skickat en kod till ${account.email}`).isVisible()).toBe(true);

    const mail = await e2e.product.sink.waitFor(account.email, (m) => /lösenord/i.test(m.subject));
    await input(page, "code").fill(codeIn(mail));
    expect(await input(page, "code").getAttribute("inputmode")).toBe("numeric");
    await input(page, "newPassword").fill("Nyttlosen42");
    expect(await page.locator('li[data-met="true"]').count()).toBe(4);
    await page.getByRole("button", { name: "Spara det nya lösenordet" }).click();

    await page.waitForURL(/\/login\?password-reset=true$/);
    await expect.poll(() => page.getByText("Ditt lösenord är ändrat").isVisible()).toBe(true);
    await input(page, "email").fill(account.email);
    await input(page, "password").fill("Nyttlosen42");
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await page.waitForURL(/\/my-pages\//);
    await page.context().close();
  });

  it("offers activation to a user who has not activated the account", async () => {
    const { email } = await signUp(e2e.product, { email: uniqueEmail("notverified"), firstName: "Maja", lastName: "Ek" });
    const page = await newPage(e2e.browser, { language: "en" });
    await page.goto(`${e2e.product.url}/forgot-password`);
    await input(page, "email").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    const dialog = page.getByRole("dialog", { name: "Your account is not activated" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, "forgot-password, not verified");
    await dialog.getByRole("button", { name: "Activate account" }).click();
    await page.waitForURL(/\/verify-email$/);
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await input(page, "email").inputValue()).toBe(email);
    await page.context().close();
  });
});

describe("the shell around the account pages", () => {
  it("switches the language from the header and keeps the choice after a reload", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/login`);
    await expect.poll(() => heading(page).innerText()).toBe("Logga in");
    await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
    await expect.poll(() => heading(page).innerText()).toBe("Log in");
    expect(await page.locator("label", { hasText: "E-mail address" }).count()).toBe(1);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.reload();
    await expect.poll(() => heading(page).innerText()).toBe("Log in");
    await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
    await expect.poll(() => heading(page).innerText()).toBe("Logga in");
    await page.context().close();
  });

  it("keeps a language chosen before signing in, on the account too; without a choice the account's language wins", async () => {
    const app = e2e.product.app;
    const swedish = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: "sv" });
    const page = await newPage(e2e.browser, { language: "sv" });
    await page.goto(`${e2e.product.url}/login`);
    await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
    await expect.poll(() => heading(page).innerText()).toBe("Log in");
    await input(page, "email").fill(swedish.email);
    await input(page, "password").fill(swedish.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    // The page the person was on goes on in the language they chose, and the account keeps it for mail.
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    const me = () => call(app.server, "GET", "/api/auth/me", { token: swedish.token }).then((r) => r.body.language);
    await expect.poll(me).toBe("en");
    await page.reload();
    await expect.poll(() => page.getByRole("combobox", { name: "Language" }).inputValue()).toBe("en");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.context().close();

    // No choice made on this browser: the account's language takes over at sign-in.
    const english = await buildUser(app, { firstName: "Emma", lastName: "Berg", language: "en" });
    const other = await newPage(e2e.browser, { language: "sv" });
    await signIn(other, e2e.product, english.email, english.password);
    await expect.poll(() => other.locator("html").getAttribute("lang")).toBe("en");
    expect(await call(app.server, "GET", "/api/auth/me", { token: english.token }).then((r) => r.body.language)).toBe("en");
    await other.context().close();
  });

  it("shows raw message ids while Shift, Alt and Ctrl are pressed together", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/login`);
    await expect.poll(() => heading(page).innerText()).toBe("Logga in");
    const combo = async () => {
      await page.keyboard.down("Shift");
      await page.keyboard.down("Alt");
      await page.keyboard.down("Control");
      await page.keyboard.up("Control");
      await page.keyboard.up("Alt");
      await page.keyboard.up("Shift");
    };
    await combo();
    await expect.poll(() => heading(page).innerText()).toBe("account.titles.login");
    expect(await page.locator("label", { hasText: "account.fields.email" }).count()).toBe(1);
    await combo();
    await expect.poll(() => heading(page).innerText()).toBe("Logga in");
    await page.context().close();
  });

  it("folds the menu at 375 px, for visitors and signed-in users", async () => {
    const account = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist" });
    const page = await newPage(e2e.browser, { width: 375, height: 740 });
    await page.goto(`${e2e.product.url}/login`);
    await page.getByRole("button", { name: "Öppna menyn" }).click();
    const menu = page.locator("#mobile-menu");
    await expect.poll(() => menu.getByRole("link", { name: "Registrera" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Logga in" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Logga ut" }).count()).toBe(0);
    await expectNoAxeViolations(page, "mobile menu, signed out");

    await signInAs(page, e2e.product, account);
    await page.goto(`${e2e.product.url}/profile`);
    await page.getByText("Karin Lindqvist").waitFor();
    await page.getByRole("button", { name: "Öppna menyn" }).click();
    await expect.poll(() => menu.getByRole("link", { name: "Min profil" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Mina sidor" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Logga in" }).count()).toBe(0);
    await expectNoAxeViolations(page, "mobile menu, signed in");
    await menu.getByRole("link", { name: "Mina sidor" }).click();
    await page.waitForURL(/\/my-pages\//);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.context().close();
  });
});
