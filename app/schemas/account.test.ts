import { describe, expect, it } from "vitest";
import { SignInSchema, SignUpSchema } from "#app/schemas/account.ts";
import { PhotoDetailsSchema } from "#app/schemas/photo.ts";

describe("account forms", () => {
  it("a name is one line without control characters; the email too", () => {
    const parsed = SignUpSchema.parse({
      name: "Pat\u0000\r\nOwner",
      email: "pat@example.com\u0007",
      password: "cedar fence at noon",
    });
    expect(parsed).toMatchObject({ name: "Pat Owner", email: "pat@example.com" });
    expect(SignInSchema.parse({ email: " pat@example.com\u0000", password: "x" }).email).toBe("pat@example.com");
  });
});

describe("photo details", () => {
  it("alt text is one line; a caption keeps its lines; neither keeps control characters", () => {
    const parsed = PhotoDetailsSchema.parse({
      caption: "New tile\u0000\r\nand grout",
      alt: "A kitchen\nwith white\u0007 cabinets",
      category: "kitchen",
    });
    expect(parsed).toMatchObject({ caption: "New tile\nand grout", alt: "A kitchen with white cabinets" });
  });
});
