// PLACEHOLDER — replaced by the booking work before this lands.
export default function Placeholder() {
  return <h1>…</h1>;
}
