/**
 * The service pages (/fences, /kitchen, ...). Order follows `serviceSlugs`.
 * These are the defaults of the editable texts (app/content/texts.ts); each service's name is in
 * service-names.ts.
 */
import type { Artwork, Service, ServiceSlug } from "#app/schemas/content.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { serviceNames } from "#app/content/service-names.ts";

function art(slug: ServiceSlug, alt: string): Artwork {
  return { src: `/images/services/${slug}.svg`, width: 1200, height: 800, alt };
}

const allServices: Service[] = [
  {
    slug: "fences",
    title: serviceNames.fences,
    summary:
      "Wood, iron and composite fences and gates for Houston homes, set on solid posts and built to stand up to clay soil, storms and HOA rules.",
    body: [
      "A good fence gives you privacy, keeps pets and kids in the yard and makes the whole property look cared for. We build new fences and replace tired ones across the Houston area: cedar and pine privacy fences, board-on-board and shadowbox styles, horizontal slat fences, ornamental iron and aluminum, and low-maintenance composite. We also build and re-hang gates, including wide drive gates, and repair leaning sections and broken pickets.",
      "Houston's expansive clay soil swells when it rains and shrinks in a dry summer, and that movement is what pushes fences out of line. We set posts deep in concrete, use galvanized steel posts where they make sense, and keep the bottom of the pickets off the ground so the wood does not sit in wet soil. After a tropical storm or a strong front, we can inspect your fence and fix or replace only the sections that need it.",
      "The job starts with a free estimate visit. We walk the fence line with you, talk about height, style and gates, and check for utility lines and easements. Many neighborhoods have HOA or deed restrictions on height, material and which side faces out, so we help you gather what your HOA needs to approve the plan. You then get a written quote with the materials and the schedule.",
      "On install day the crew removes and hauls away the old fence, sets the posts and lets the concrete cure, then hangs the rails, pickets and gates. Most residential fences take two to four days depending on length and style. We finish with a clean-up of the fence line and a walkthrough to check that gates swing and latch properly. A wood fence lasts longest with a stain or sealer, and we can apply one once the wood is dry enough to take it.",
    ],
    listTitle: "Fences we build",
    list: [
      "Cedar privacy fences",
      "Board-on-board and shadowbox",
      "Horizontal slat fences",
      "Wrought iron and aluminum",
      "Composite fencing",
      "Walk and drive gates",
      "Fence repair and staining",
    ],
    image: art(
      "fences",
      "Illustration of a new cedar privacy fence with steel posts and a braced gate, green shrubs along the fence line and a path leading to the gate",
    ),
  },
  {
    slug: "kitchen",
    title: serviceNames.kitchen,
    summary:
      "Kitchen remodels planned around how you cook: new cabinets, countertops, backsplash, lighting and flooring, from one crew with one written quote.",
    body: [
      "The kitchen is the room most Houston families live in, and the one that shows its age first. We remodel kitchens of every size, from a refresh with new countertops, backsplash and cabinet fronts to a full gut with a new layout, an island, relocated plumbing and new lighting. One crew coordinates the whole job, so you are not juggling a cabinet installer, a countertop shop and a tile setter on your own.",
      "We start with a free estimate visit in your kitchen. We measure, look at what works and what does not, and talk about how you cook, store and gather. You then get a written quote that lists cabinets, countertops, sinks, fixtures, backsplash, flooring and lighting, with the options we discussed. Once you approve it, we order materials and set a schedule.",
      "Demolition and prep come first: we protect the rest of the house, remove the old cabinets and tops, and fix what we find behind them, such as water-damaged subfloor or old wiring. Then the new cabinets go in, the countertops are templated and installed, the backsplash is tiled, and the plumbing and appliances are connected. In Houston's humid climate we pay attention to ventilation, choosing a range hood that vents outside and sealing around sinks so water does not reach the cabinet boxes.",
      "A cosmetic refresh can be done in about one to two weeks. A full remodel usually runs four to eight weeks, and the biggest factor is lead time on cabinets and stone. We keep the site clean every day, tell you ahead of time when the water or power will be off, and finish with a walkthrough to check every door, drawer and fixture before we call the job done.",
    ],
    listTitle: "What a kitchen remodel can include",
    list: [
      "Cabinets and islands",
      "Countertops",
      "Backsplash",
      "Sinks and faucets",
      "Lighting",
      "Flooring",
      "Range hoods and ventilation",
      "Pantry and storage",
    ],
    image: art(
      "kitchen",
      "Illustration of a remodeled kitchen with navy lower cabinets, white wall cabinets, a light countertop, a tiled backsplash, a range hood and pendant lights over an island",
    ),
  },
  {
    slug: "bathroom",
    title: serviceNames.bathroom,
    summary:
      "Bathroom remodels with walk-in showers, new cabinets, SPC floors, backsplash and toilets, waterproofed properly for Houston's humid climate.",
    body: [
      "We remodel primary bathrooms, hall baths and half baths, and we do it with water in mind. A bathroom looks good for years only if the parts you cannot see are done right, so every shower we build gets a proper waterproofing membrane, a sloped pan and sealed seams before a single tile goes up. Tub-to-shower conversions, walk-in showers with a low curb or a curbless entry, new vanities and updated lighting are among the most common jobs we do.",
      "The process starts with a free estimate. We look at the room, check the plumbing layout and the condition of the floor, and talk about the finishes you like and how the room is used. Your written quote lists the shower, tile, cabinets, fixtures and floor, and the schedule.",
      "Demolition usually takes a day. Then come the rough plumbing and electrical changes, the waterproofing, the tile and the floor. Many Houston homes sit on a concrete slab, so relocating a drain can mean cutting the slab; we explain when that is worth it and when a different layout makes more sense. Houston humidity is hard on bathrooms, so we make sure the exhaust fan is sized for the room and vents outdoors, not into the attic.",
      "A bathroom with a new shower typically takes two to four weeks from demolition to final walkthrough, depending on the tile and the glass, which is measured once the tile is set. We keep dust contained, tell you in advance if you will be without the room, clean up every day and finish with a walkthrough to test every fixture, drain and door.",
    ],
    listTitle: "What we install",
    list: ["Showers", "Backsplash", "SPC floor", "Cabinets", "Toilets"],
    image: art(
      "bathroom",
      "Illustration of a remodeled bathroom with a glass walk-in shower, a tiled wall, a vanity cabinet with a mirror, a toilet and a plank floor",
    ),
  },
  {
    slug: "livingroom",
    title: serviceNames.livingroom,
    summary:
      "Living room remodels: new floors, fresh paint, trim, lighting, fireplace surrounds and built-ins that make the room you use most feel new again.",
    body: [
      "The living room is where you relax, watch the game and host family, and small changes there make a big difference. We update living rooms and family rooms with new flooring, interior paint, crown molding and baseboards, recessed lighting, ceiling fans, fireplace surrounds and built-in shelving or media walls. We can also open up a room by removing a non-load-bearing wall, or adjust a load-bearing one with the right engineering.",
      "During the free estimate visit we look at the room with you, talk about how it is used, and check the walls, ceiling and floor for problems such as old water stains or uneven spots. The written quote spells out each part of the work and the finishes, so you can choose what to do now and what can wait.",
      "Living rooms are usually the center of the house, so we work to keep the disruption small. Furniture is moved and covered, dust is contained with plastic barriers, and floors in other rooms are protected. The order of work is usually demolition, then electrical and drywall repairs, then built-ins and trim, paint, and finally the new floor and fixtures. In Houston's summer heat we keep the air conditioning running where we can, which also helps paint and wood flooring settle properly.",
      "A paint, trim and lighting update often takes about a week. A full remodel with new flooring and built-ins usually takes two to four weeks. We clean up every day and finish with a walkthrough, checking every switch, outlet and finish with you.",
    ],
    listTitle: "Popular living room upgrades",
    list: [
      "New flooring",
      "Interior painting",
      "Crown molding and baseboards",
      "Recessed lighting and ceiling fans",
      "Fireplace surrounds",
      "Built-in shelving and media walls",
      "Opening up walls",
    ],
    image: art(
      "livingroom",
      "Illustration of a living room with a navy sofa, a fireplace with a mantel and framed picture, a ceiling fan, a large window, a coffee table and a wood floor",
    ),
  },
  {
    slug: "outdoor",
    title: serviceNames.outdoor,
    summary:
      "Patios, covered porches, pergolas, decks and outdoor kitchens built for Houston weather, so you can use your yard for more of the year.",
    body: [
      "Houston's long warm season makes a backyard one of the best rooms of the house, as long as it has shade and a place to sit. We build concrete and paver patios, covered patios tied into the roof of the house, pergolas, wood and composite decks, and outdoor kitchens with a grill, counter space and storage. We can add ceiling fans and lighting so the space is usable on a summer evening.",
      "Building outside in Houston means planning for heavy rain, heat and moving clay soil. We slope patios away from the house, look at where the water goes during a storm, and use footings and materials that hold up to humidity and the sun. For decks we often recommend composite boards or properly treated lumber with stainless or coated fasteners, and for covered structures we use roof framing and flashing that tie into the house correctly.",
      "At the free estimate visit we walk the yard with you, measure, and look at drainage, trees, utilities and how the space connects to the house. The written quote covers the structure, materials, electrical work and schedule. Some outdoor projects need HOA approval, and we can prepare drawings for your HOA.",
      "A simple patio or deck usually takes one to two weeks, and a covered patio or outdoor kitchen three to six weeks, depending on weather and concrete curing time. Rain days can shift the schedule, and we keep you informed when they do. When the work is done we clean up the yard, haul away debris and walk through the finished space with you.",
    ],
    listTitle: "Outdoor projects we build",
    list: [
      "Covered patios",
      "Concrete and paver patios",
      "Pergolas",
      "Wood and composite decks",
      "Outdoor kitchens",
      "Ceiling fans and lighting",
    ],
    image: art(
      "outdoor",
      "Illustration of a backyard paver patio under a wooden pergola with string lights, a table and two chairs, a kettle grill, potted plants and a wood fence",
    ),
  },
  {
    slug: "floor",
    title: serviceNames.floor,
    summary:
      "Engineered wood, laminate, SPC, hardwood, porcelain, ceramic and travertine floors, installed over a properly prepared and leveled subfloor.",
    body: [
      "A new floor changes how a whole house looks and feels. We remove old carpet, tile and vinyl and install new floors in single rooms or throughout the house. We help you choose the right material for each room: waterproof SPC or porcelain for kitchens, baths and laundry rooms, engineered wood or laminate for living areas and bedrooms, and solid hardwood or natural travertine when you want a classic finish.",
      "Most Houston homes are built on a concrete slab, and the slab decides a lot about flooring. Before we install anything we check the slab for flatness and moisture, grind high spots, fill low ones and use a moisture barrier where the floor calls for one. Engineered wood is usually a better choice than solid hardwood over a slab in our humid climate, and floating floors need the right expansion gaps to handle seasonal movement. Over wood subfloors we fix squeaks and loose boards first.",
      "Your free estimate visit includes measuring every room and looking at transitions, doorways, stairs and baseboards. The written quote lists the flooring, underlayment, trim and prep work, so you know exactly what you are paying for. On the job we move furniture if needed, remove and haul away the old floor, prepare the subfloor, install the new floor and put back or replace baseboards and transitions.",
      "A few rooms of floating floor can be done in two to four days. Tile and natural stone take longer because of layout, setting and grout curing, and a whole house can take one to three weeks. We keep dust under control, clean up each day and finish with a walkthrough and care instructions for your new floor.",
    ],
    listTitle: "Floors we install",
    list: ["Engineered wood", "Laminate", "SPC", "Hardwood", "Porcelain", "Ceramic", "Travertine"],
    image: art(
      "floor",
      "Illustration of wood-look floor planks being installed in staggered rows over a subfloor, with loose planks, spacers, a rubber mallet and a tape measure",
    ),
  },
  {
    slug: "tile",
    title: serviceNames.tile,
    summary:
      "Ceramic and porcelain tile for floors, showers, walls and fireplaces, set flat on a solid, waterproofed base with clean, even grout lines.",
    body: [
      "Tile is one of the most durable finishes you can put in a Houston home. It shrugs off humidity, spills and pets, and it stays cool underfoot in the summer. We install ceramic and porcelain tile on floors, shower walls and floors, tub surrounds, backsplashes, fireplace surrounds and accent walls, in every format from small mosaics to large-format and wood-look plank tiles.",
      "Ceramic tile is a good value for walls and light-traffic floors. Porcelain is denser and absorbs less water, which makes it the better choice for floors, showers and high-traffic areas. During the free estimate visit we help you choose the tile, pattern and grout color, measure the space, and check the floor or walls the tile will go on. Your written quote spells out the tile, setting materials, waterproofing and layout.",
      "Good tile work is mostly preparation. On a concrete slab we flatten the floor and use an uncoupling membrane where the slab has cracks, since Houston's clay soil keeps slabs moving. In wet areas we use cement board or foam board with a waterproofing membrane, never bare drywall. Large tiles need a very flat surface and full mortar coverage, and we use leveling clips to keep the edges even. We plan the layout so the cuts land in sensible places and the grout lines run straight.",
      "A single floor or shower usually takes three to seven days, including time for mortar and grout to cure. We protect the rest of the house, keep the cutting dust down, and seal grout where the product calls for it. At the end we clean the tile, walk through the work with you and explain how to care for it.",
    ],
    listTitle: "Where we install tile",
    list: [
      "Floors",
      "Shower walls and floors",
      "Tub surrounds",
      "Backsplashes",
      "Fireplace surrounds",
      "Large-format and plank tile",
      "Mosaics and accent walls",
    ],
    image: art(
      "tile",
      "Illustration of a square-tiled wall with a navy accent band above a tiled floor, with a notched trowel, a bucket of mortar and a stack of spare tiles",
    ),
  },
  {
    slug: "countertop",
    title: serviceNames.countertop,
    summary:
      "Quartz, granite, marble, quartzite and butcher block countertops for kitchens and baths, templated on site and installed with a tight fit.",
    body: [
      "New countertops can transform a kitchen or bathroom without a full remodel. We install quartz, granite, marble, quartzite, solid surface, laminate and butcher block tops for kitchens, islands, bathroom vanities, laundry rooms and outdoor kitchens, with undermount or drop-in sinks and the edge profile you prefer.",
      "Each material has its own strengths. Quartz is non-porous and needs no sealing, which makes it an easy choice for busy kitchens. Granite and quartzite are natural stone that handle heat well and need periodic sealing. Marble is beautiful but softer and stains more easily. Butcher block is warm and affordable but needs oiling. At the free estimate visit we talk through these trade-offs, measure, and check that your cabinets are level and strong enough for stone.",
      "After you approve the written quote and choose your slab, we remove the old tops, and our fabrication partner templates the new ones on site so they fit your walls exactly, since few walls are perfectly straight. On install day the tops are set, seams are joined and color-matched, the sink is mounted and the cooktop cut-out is finished. We reconnect the faucet and disposal, or coordinate the plumber if fixtures are moving.",
      "From template to install is usually one to three weeks, depending on the material and fabrication schedule, and the install itself typically takes a day. If a new backsplash is part of the plan, it goes in after the tops. We clean up, walk through the finished tops with you and explain how to care for your material.",
    ],
    listTitle: "Countertop materials",
    list: ["Quartz", "Granite", "Marble", "Quartzite", "Solid surface", "Laminate", "Butcher block"],
    image: art(
      "countertop",
      "Illustration of a kitchen counter with a light veined stone countertop, an undermount sink and faucet under a window, navy cabinets, a cutting board, a plant and a fruit bowl",
    ),
  },
  {
    slug: "backsplash",
    title: serviceNames.backsplash,
    summary:
      "Kitchen and bathroom backsplashes in subway, mosaic, porcelain, glass and natural stone tile, cut cleanly around outlets, windows and cabinets.",
    body: [
      "A backsplash protects the wall behind your counter from water and grease, and it is one of the quickest ways to give a kitchen or bath a new look. We install backsplashes in ceramic and porcelain subway tile, glass, natural stone, mosaic sheets, patterned and handmade-look tile, and full-height slab backsplashes that match the countertop.",
      "At the free estimate visit we look at the wall, the countertop and the cabinets, and help you choose a tile and pattern, such as a classic running bond, a stacked layout, a herringbone or a vertical stack. We also discuss where the tile should stop, how to finish the edges and whether it should run to the ceiling behind the range. Your written quote lists the tile, the layout and any wall repair.",
      "Before tiling, we protect the countertop and appliances, turn off power to the outlets in the wall, and repair or replace damaged drywall. Behind a sink in a humid Houston kitchen we check for past leaks before covering anything up. The layout is planned from the center of the range or sink so the cuts are even on both sides, and outlet boxes are extended so covers sit flush with the new tile.",
      "Most kitchen backsplashes take one to three days, including grout. Natural stone may need sealing after the grout cures. We caulk the joint between the tile and the countertop with a flexible sealant rather than grout, so it does not crack when the house moves. At the end we clean up, reinstall the outlet covers and walk through the finished wall with you.",
    ],
    listTitle: "Backsplash options",
    list: [
      "Subway tile",
      "Glass tile",
      "Natural stone",
      "Mosaic sheets",
      "Herringbone and patterned layouts",
      "Full-height slab backsplash",
    ],
    image: art(
      "backsplash",
      "Illustration of a white subway tile backsplash in a running bond pattern behind a countertop, with a faucet, an outlet, a cutting board and a utensil jar",
    ),
  },
  {
    slug: "repair",
    title: serviceNames.repair,
    summary: "Home repairs and remodeling in Houston, from drywall, doors and trim to water and storm damage repair, done by one crew.",
    body: [
      "Not every job is a full remodel. We handle the repairs and upgrades that keep a house in good shape: drywall patches and texture matching, interior and exterior painting, doors and trim, rotted siding and fascia, water-damaged subfloors, sagging cabinets, loose tile and small carpentry jobs. When a repair turns into a bigger project, the same crew can take it from there.",
      "Houston homes face a lot of wear. Humidity rots exterior trim and swells doors, storms bring roof leaks and wind damage, and clay soil moving under a slab can crack drywall and make doors stick. We find the cause before we fix the symptom: if a leak caused the damage, we trace it first, and if a crack is a sign of foundation movement, we tell you honestly and point you to a foundation specialist rather than just covering it up.",
      "Call or send the form, and we will set up a free estimate visit to look at the problem. You get a written quote for the repair, and we can group several small repairs into one visit to save you time. For storm or water damage, we document what we find with photos that you can share with your insurance company.",
      "Many repairs take a day or two; larger repairs and room remodels take one to several weeks, and we give you a realistic schedule up front. We show up on time, protect your floors and furniture, clean up when the work is done, and walk through the finished repair with you.",
    ],
    listTitle: "Common repairs",
    list: [
      "Drywall repair and texture",
      "Interior and exterior painting",
      "Doors and trim",
      "Siding, fascia and soffit",
      "Water damage repair",
      "Storm damage repair",
      "Carpentry and small jobs",
    ],
    image: art(
      "repair",
      "Illustration of a pegboard with a hammer, wrench, screwdrivers, tape measure and level, beside a stepladder, a tool box and a paint roller in a tray",
    ),
  },
];

/** Services in the order of `serviceSlugs`. */
export const services: Service[] = serviceSlugs.map((slug) => {
  const found = allServices.find((s) => s.slug === slug);
  if (!found) throw new Error(`Missing content for service "${slug}"`);
  return found;
});

const bySlug = new Map<string, Service>(services.map((s) => [s.slug, s]));

export function getService(slug: string): Service | undefined {
  return bySlug.get(slug);
}
