// Prints the provider data of the npm package @pydantic/genai-prices as
// JSON on stdout, for gen/importprices. The package ships its data inside
// its JavaScript bundle; waitForUpdate() is its public way to read the
// providers in force, which are the bundled ones until updatePrices()
// fetches newer data (never called here, so nothing is fetched).
import { waitForUpdate } from "@pydantic/genai-prices";

const providers = await waitForUpdate();
if (!Array.isArray(providers)) {
  console.error("@pydantic/genai-prices: waitForUpdate() gave no provider list");
  process.exit(1);
}
process.stdout.write(JSON.stringify(providers));
