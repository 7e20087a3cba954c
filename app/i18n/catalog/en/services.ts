/** Each service's one name (app/content/service-names.ts keeps the English for the admin and the data). */
export const services = {
  "service.name.fences": "Fences",
  "service.name.kitchen": "Kitchen Remodeling",
  "service.name.bathroom": "Bathroom Remodeling",
  "service.name.livingroom": "Living Room Remodeling",
  "service.name.outdoor": "Outdoor Living",
  "service.name.floor": "Flooring",
  "service.name.tile": "Ceramic & Porcelain Tiles",
  "service.name.countertop": "Countertops",
  "service.name.backsplash": "Backsplash",
  "service.name.repair": "Repair & Remodeling",
  "service.name.other": "Something else",
} as const;
