import { Counter } from "./counter";

const ROWS = Array.from({ length: 100 }, (_, i) => ({
  name: `Row ${i + 1}`,
  a: (i * 37) % 1000,
  b: ((i * 7919) % 10000) / 100,
}));

/** A table of 100 rows (~400 elements, about what /credits has): text only, rendered on the server. */
export default function Page() {
  return (
    <main>
      <h1>Baseline</h1>
      <Counter />
      <table>
        <tbody>
          {ROWS.map((r) => (
            <tr key={r.name}>
              <td>{r.name}</td>
              <td style={{ textAlign: "right" }}>{r.a}</td>
              <td style={{ textAlign: "right" }}>{r.b}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
