export default function Page() {
  return <h1>cookies</h1>;
}
