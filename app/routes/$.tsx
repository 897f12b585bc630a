// Any path no other route matches: a 404 status and the not-found page (the root error boundary
// renders it inside the site shell, as it does for every other 404).
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

// A POST to a path that does not exist is just as much a 404.
export async function action() {
  throw new Response("Not Found", { status: 404 });
}

// A component makes this a page route rather than a resource route, so the 404 is an HTML page.
export default function CatchAll() {
  return null;
}
