import type { services as en } from "#app/i18n/catalog/en/services.ts";

/** The services as a Houston homeowner names them. */
export const services: Record<keyof typeof en, string> = {
  "service.name.fences": "Cercas",
  "service.name.kitchen": "Remodelación de cocinas",
  "service.name.bathroom": "Remodelación de baños",
  "service.name.livingroom": "Remodelación de salas",
  "service.name.outdoor": "Patios y áreas exteriores",
  "service.name.floor": "Pisos",
  "service.name.tile": "Azulejos de cerámica y porcelana",
  "service.name.countertop": "Cubiertas (countertops)",
  "service.name.backsplash": "Backsplash (protector de pared)",
  "service.name.repair": "Reparaciones y remodelación",
  "service.name.other": "Otra cosa",
};
