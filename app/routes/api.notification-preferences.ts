import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonReadPreferences, jsonSavePreferences } from "~/services/account-api.server";

export const loader = ({ request }: LoaderFunctionArgs) => jsonReadPreferences(request);

export const action = ({ request }: ActionFunctionArgs) => jsonSavePreferences(request);
