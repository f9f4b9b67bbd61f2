import { describe, expect, it } from "vitest";
import { clientAddress } from "./limits.ts";

describe("clientAddress", () => {
  it("keeps an IPv4 address and takes an IPv6 one by its /64 network, however it is written", () => {
    expect(clientAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddress("2001:db8:0:42::1")).toBe("2001:db8:0:42::/64");
    expect(clientAddress("2001:DB8:0:42:ffff:1:2:3")).toBe("2001:db8:0:42::/64");
    expect(clientAddress("2001:0db8:0000:0042:0000:0000:0000:0009")).toBe("2001:db8:0:42::/64");
    expect(clientAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientAddress("::1")).toBe("0:0:0:0::/64");
    // Two hosts of one network share a budget; the next network has its own.
    expect(clientAddress("2001:db8:0:42::1")).toBe(clientAddress("2001:db8:0:42:dead:beef::2"));
    expect(clientAddress("2001:db8:0:43::1")).not.toBe(clientAddress("2001:db8:0:42::1"));
  });
});
