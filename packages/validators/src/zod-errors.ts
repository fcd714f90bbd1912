import { z } from "zod";
import { messages } from "./messages";

/**
 * Plain-language fallbacks for the errors no schema names itself (a missing field, a wrong type, an
 * oversized value). Schema-level messages — the spec's texts — always take precedence over these.
 */
z.config({
  customError: (issue) => {
    const field = issue.path?.length ? String(issue.path[issue.path.length - 1]) : "";
    const named = (text: string) => (field ? `${text}: ${field}` : text);
    switch (issue.code) {
      // Codes no schema here meets on its own (every code is named, so a new one fails the lint).
      case "custom":
      case "invalid_element":
      case "invalid_key":
      case "not_multiple_of":
      case "unrecognized_keys":
        return named("Invalid value");
      case "invalid_type":
        return issue.input === undefined || issue.input === null ? messages.fillAllFields : named("Invalid value");
      case "too_big":
        return named("Value is too long or too large");
      case "too_small":
        return named("Value is too short or too small");
      case "invalid_format":
        return named("Invalid format");
      case "invalid_value":
        return named("Invalid choice");
      case "invalid_union":
        return named("Invalid value");
      default:
        return named("Invalid value");
    }
  },
});
