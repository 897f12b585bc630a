// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "~/components/ui/form";

afterEach(cleanup);

describe("the field kit", () => {
  it("ties a GET form's field to its label and its errors, laid out by the form", () => {
    const { container } = render(
      <TextField
        id="wager"
        name="wager"
        label="Wager requirement (USD)"
        className="min-w-0 flex-1"
        errors={["Enter your wager in dollars: a number above 0."]}
      />,
    );
    const input = screen.getByLabelText("Wager requirement (USD)");
    expect(input.getAttribute("name")).toBe("wager");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("Enter your wager in dollars: a number above 0.");
    expect((container.firstElementChild as HTMLElement).className).toBe("min-w-0 flex-1");
  });

  it("says nothing of errors while there are none", () => {
    render(<TextField id="q" name="q" label="Search strategies" type="search" />);
    const input = screen.getByLabelText("Search strategies");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });
});
