-- The same site with plain permalinks and a manual UTC offset (Settings → General: "UTC+2").
UPDATE {prefix}options SET option_value = '' WHERE option_name = 'permalink_structure';
UPDATE {prefix}options SET option_value = '' WHERE option_name = 'timezone_string';
UPDATE {prefix}options SET option_value = '2' WHERE option_name = 'gmt_offset';
