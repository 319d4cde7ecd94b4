/** Placeholder until the page is built in this change. */
export default function Page() {
  return null;
}
