/** The `<option>`s of a service select: the admin gallery's category pickers. */
export function ServiceOptions({ services }: { services: readonly { slug: string; title: string }[] }) {
  return services.map((service) => (
    <option key={service.slug} value={service.slug}>
      {service.title}
    </option>
  ));
}
